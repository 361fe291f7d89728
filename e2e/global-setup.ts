import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../testing/database.ts';
import { startApp } from './app-server.ts';
import { startMailServer } from '../testing/mail-server.ts';
import { insertBoardData, insertSaturdayOneStoreShipment, insertWakeShipmentOfShelvedProduct, insertWakeShipmentsWithoutArrival } from './board-data.ts';
import { startDiscordReceiver } from '../testing/discord-receiver.ts';
import { startPushService } from '../testing/push-service.ts';

// One isolated world per e2e run: a fresh database (seeded with the demo data), a real SMTP server and
// the production build served by the app's server (scripts/app-server.mjs, as npm start and the image run it).
// Workers read the addresses from the environment.

export default async function globalSetup() {
  if (process.env.DATABASE_URL && !process.env.TEST_PG_SERVER_URL) {
    process.env.TEST_PG_SERVER_URL = process.env.DATABASE_URL;
  }
  const database = await createTestDatabase('e2e');
  const { seedDatabase } = await import('../demo/index.ts');
  const { setDatabaseUrl, disconnectDb } = await import('../lib/db/index.ts');
  await setDatabaseUrl(database.url);
  await seedDatabase({ demoUsers: false });
  // A one-store board's shipment on the last Saturday's extract, forecast by the real code as that extract was read (issue 37).
  const saturday = await insertSaturdayOneStoreShipment(database.url);
  const { forecastNewShipments } = await import('../lib/forecast/forecast.ts');
  const { nyTimeToUtc } = await import('../lib/time.ts');
  await forecastNewShipments(nyTimeToUtc(saturday, 11, 20));
  await insertWakeShipmentOfShelvedProduct(database.url);
  await forecastNewShipments(new Date());
  await disconnectDb();
  // The demo history is Wake's: a little for the other covered boards.
  process.env.E2E_DATA_DAY = await insertBoardData(database.url);
  await insertWakeShipmentsWithoutArrival(database.url);

  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'nbt-mail-'));
  const mail = await startMailServer(mailDir);
  const smtpUrl = `smtp://127.0.0.1:${mail.port}`;
  // The far ends of push and Discord, on this machine: every app server of the run may send to them.
  const pushService = await startPushService();
  const discord = await startDiscordReceiver();
  process.env.PUSH_TEST_ORIGINS = pushService.origin;
  process.env.DISCORD_WEBHOOK_HOSTS = `discord.com,${discord.origin}`;
  process.env.E2E_PUSH_SERVICE = pushService.origin;
  process.env.E2E_DISCORD_RECEIVER = discord.origin;
  const app = await startApp({
    databaseUrl: database.url,
    smtpUrl,
    // Limits relaxed by configuration so parallel tests do not trip them; the limit tests start their own server.
    env: {
      RATE_LIMIT_LOGIN_IP: '1000/60',
      RATE_LIMIT_LOGIN_EMAIL: '50/60',
      RATE_LIMIT_REGISTER: '1000/60',
      RATE_LIMIT_VERIFY: '1000/60',
      RATE_LIMIT_VERIFY_ACCOUNT: '1000/60',
      RATE_LIMIT_RESEND: '1000/60',
      RATE_LIMIT_RESET_REQUEST: '1000/60',
    },
  });
  const baseUrl = app.url;

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATABASE_URL = database.url;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SMTP_URL = smtpUrl;

  return async () => {
    await app.stop();
    await mail.stop();
    await pushService.stop();
    await discord.stop();
    await database.drop();
    rmSync(mailDir, { recursive: true, force: true });
  };
}
