import { route } from '@/lib/api/handler';
import { ALERT_MESSAGES } from '@/lib/alerts/rules';
import { deliverySettings, getSettings, saveSettings, settingsBody, settingsOptions } from '@/lib/alerts/settings';

/**
 * The signed-in user's arrival alert settings (`enabled` and `mode`: the e-mail channel's), every channel's
 * settings and the quiet hours, the stores alerts may be limited to, the Premium price.
 */
export const GET = route({ access: 'user' }, async ({ user }) => ({
  success: true,
  settings: await getSettings(user.id),
  ...(await deliverySettings(user.id)),
  ...(await settingsOptions()),
}));

/** Replaces the settings (every original field is sent; `channels` and `quiet_hours` when the client has them). */
export const PUT = route({ access: 'user', body: settingsBody }, async ({ user, body }) => ({
  success: true,
  ...(await saveSettings(user.id, body)),
  message: ALERT_MESSAGES.saved,
}));
