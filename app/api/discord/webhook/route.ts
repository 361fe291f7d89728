import { route } from '@/lib/api/handler';
import { DISCORD_MESSAGES } from '@/lib/alerts/channels/discord/rules';
import { deleteWebhook, getWebhook, saveWebhook, webhookBody } from '@/lib/alerts/channels/discord/webhook';

/** The user's Discord webhook without its token, or why the last one was removed. */
export const GET = route({ access: 'user' }, async ({ user }) => ({ success: true, ...(await getWebhook(user.id)) }));

/** Saves the webhook URL ({ url }): a Discord webhook on DISCORD_WEBHOOK_HOSTS. */
export const PUT = route({ access: 'user', body: webhookBody }, async ({ user, body }) => ({
  success: true,
  ...(await saveWebhook(user.id, body.url)),
  message: DISCORD_MESSAGES.saved,
}));

export const DELETE = route({ access: 'user' }, async ({ user }) => {
  await deleteWebhook(user.id);
  return { success: true, webhook: null, removed_at: null, message: DISCORD_MESSAGES.removed };
});
