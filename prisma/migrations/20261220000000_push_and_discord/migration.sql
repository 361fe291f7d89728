-- Web Push and Discord channels (issue 25). A push subscription is one browser on one device: its endpoint
-- is the URL our server POSTs the encrypted message to, so it is unique across users (a browser turned on by
-- another account moves to that account). A Discord webhook is one per user; its token is a secret that no
-- answer ever echoes. A webhook Discord says is gone (404/401) is cleared and the time kept, so the profile
-- can say why it disappeared.

-- CreateTable
CREATE TABLE "push_subscriptions" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "device_label" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_success_at" TIMESTAMPTZ(3),
    "last_failure_at" TIMESTAMPTZ(3),
    "failure_count" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,

    CONSTRAINT "push_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "discord_webhooks" (
    "user_id" INTEGER NOT NULL,
    "origin" TEXT,
    "webhook_id" TEXT,
    "token" TEXT,
    "channel_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "last_success_at" TIMESTAMPTZ(3),
    "last_failure_at" TIMESTAMPTZ(3),
    "failure_count" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "gone_at" TIMESTAMPTZ(3),

    CONSTRAINT "discord_webhooks_pkey" PRIMARY KEY ("user_id")
);

-- A webhook is all three parts or none (cleared once Discord says it is gone).
ALTER TABLE "discord_webhooks" ADD CONSTRAINT "discord_webhooks_whole_check" CHECK (num_nonnulls("origin", "webhook_id", "token") IN (0, 3));

-- CreateIndex
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions"("endpoint");

-- CreateIndex
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions"("user_id");

-- AddForeignKey
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discord_webhooks" ADD CONSTRAINT "discord_webhooks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
