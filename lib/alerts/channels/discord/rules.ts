// The Discord channel as the screen and the API both see it. No server imports. The webhook as the API
// answers it is declared with its schema in types.ts.

export type { DiscordAnswer, DiscordWebhookDto } from './types.ts';

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
