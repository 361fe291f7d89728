import { route } from '@/lib/api/handler';
import { DISCORD_MESSAGES } from '@/lib/alerts/channels/discord/rules';
import { sendTestDiscord } from '@/lib/alerts/channels/discord/test-message';

/** Posts a test message to the user's Discord webhook. */
export const POST = route({ access: 'user' }, async ({ user }) => ({ success: true, ...(await sendTestDiscord(user.id)), message: DISCORD_MESSAGES.sent }));
