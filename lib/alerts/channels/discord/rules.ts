// The Discord channel as the screen and the API both see it. No server imports.

/** GET /api/discord/webhook: the saved webhook, never its token. */
export interface DiscordWebhookDto {
  /** The webhook's id (from its URL). */
  webhook_id: string;
  /** The URL as the profile shows it: the token replaced by "…". */
  display_url: string;
  /** The channel Discord posts to, once a message went through. */
  channel_id: string | null;
  added_at: string;
  last_success_at: string | null;
  last_failure_at: string | null;
  failure_count: number;
}

export interface DiscordAnswer {
  webhook: DiscordWebhookDto | null;
  /** When Discord said the last saved webhook no longer exists (it was cleared then); null otherwise. */
  removed_at: string | null;
}

export const DISCORD_MESSAGES = {
  loadFailed: 'Could not load your Discord settings. Please try again.',
  saved: 'Discord webhook saved. Send a test message to check it.',
  removed: 'Discord webhook removed.',
  notSet: 'Add a Discord webhook first.',
  invalid: 'Paste the webhook URL Discord gave you: https://discord.com/api/webhooks/<id>/<token>.',
  sent: 'Test message sent to Discord.',
  gone: 'Discord says this webhook no longer exists, so it was removed. Create a new one in Discord and paste it here.',
  failed: 'Discord did not take the test message. Please try again in a minute.',
  goneNotice: (when: string) => `Discord said your webhook no longer existed on ${when}, so it was removed. Paste a new one to get alerts in Discord again.`,
} as const;
