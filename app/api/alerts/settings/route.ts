import { route } from '@/lib/api/handler';
import { ALERT_MESSAGES } from '@/lib/alerts/rules';
import { getSettings, saveSettings, settingsBody, settingsOptions } from '@/lib/alerts/settings';

/** The signed-in user's arrival alert settings, the stores alerts may be limited to, the Premium price. */
export const GET = route({ access: 'user' }, async ({ user }) => ({
  success: true,
  settings: await getSettings(user.id),
  ...(await settingsOptions()),
}));

/** Replaces the settings (every field is sent). */
export const PUT = route({ access: 'user', body: settingsBody }, async ({ user, body }) => ({
  success: true,
  settings: await saveSettings(user.id, body),
  message: ALERT_MESSAGES.saved,
}));
