// npm run create-admin — creates the first admin, or promotes an existing account to admin.
//
// Inputs come from ADMIN_EMAIL, ADMIN_FIRST_NAME, ADMIN_LAST_NAME and ADMIN_PASSWORD (the environment or
// .env, like `npm start`); whatever is missing is asked for on the terminal, the password without echo.
// The database is the one `npm start` uses: DATABASE_URL, or the embedded one. The logic lives in
// lib/admin/create-admin.ts.
import { createInterface } from 'node:readline/promises';
import { createAdmin, CreateAdminError, fieldError } from '../lib/admin/create-admin.ts';
import { connectDatabase, type DatabaseConnection } from '../lib/db/connect.ts';
// Renamed: the React hooks lint rule mistakes any use* call for a hook.
import { disconnectDb, setDatabaseUrl } from '../lib/db/index.ts';
import { migrate } from '../lib/db/migrate.ts';
import { dropEmptyVariables, loadDotEnv } from '../lib/startup/config.ts';

interface Field {
  key: 'email' | 'firstName' | 'lastName' | 'password';
  variable: string;
  question: string;
  check: (value: string) => string | null;
  secret?: boolean;
}

const FIELDS: Field[] = [
  { key: 'email', variable: 'ADMIN_EMAIL', question: 'E-mail', check: fieldError.email },
  { key: 'firstName', variable: 'ADMIN_FIRST_NAME', question: 'First name', check: (v) => fieldError.name(v, 'First name') },
  { key: 'lastName', variable: 'ADMIN_LAST_NAME', question: 'Last name', check: (v) => fieldError.name(v, 'Last name') },
  { key: 'password', variable: 'ADMIN_PASSWORD', question: 'Password', check: fieldError.password, secret: true },
];

const TRIES = 3;

class Refused extends Error {}

/** Reads one line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      if (chunk.startsWith('\u001b')) return; // arrow keys and other escape sequences
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003') return finish(new Refused('Cancelled.')); // Ctrl-C
        if (ch === '\u0004') return value ? undefined : finish(new Refused('Cancelled.')); // Ctrl-D on an empty line
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    process.stdout.write(`${question}: `);
    stdin.setEncoding('utf8');
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

async function askVisible(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question(`${question}: `);
  } finally {
    rl.close();
  }
}

/** Asks until the answer passes the field's rule (a few tries), the password twice. */
async function ask(field: Field): Promise<string> {
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    const value = field.secret ? await askHidden(field.question) : await askVisible(field.question);
    const problem = field.check(value);
    if (problem) {
      console.error(`  ${problem}`);
      continue;
    }
    if (field.secret && (await askHidden(`${field.question} (again)`)) !== value) {
      console.error('  The two passwords do not match.');
      continue;
    }
    return value;
  }
  throw new Refused(`No valid ${field.question.toLowerCase()} after ${TRIES} tries.`);
}

async function main(): Promise<void> {
  loadDotEnv(process.cwd());
  dropEmptyVariables(['DATABASE_URL', 'EMBEDDED_DB_DIR', 'BCRYPT_COST', 'DB_POOL_MAX', ...FIELDS.map((f) => f.variable)]);

  // Values given in the environment are checked before anything else happens.
  const given: Partial<Record<Field['key'], string>> = {};
  const missing: Field[] = [];
  for (const field of FIELDS) {
    const value = process.env[field.variable];
    if (value === undefined) {
      missing.push(field);
      continue;
    }
    const problem = field.check(value);
    if (problem) throw new Refused(`${field.variable}: ${problem}`);
    given[field.key] = value;
  }
  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  if (missing.length && !interactive) {
    throw new Refused(
      `${missing.map((f) => f.variable).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set and there is no terminal to ask. ` +
        'Set ADMIN_EMAIL, ADMIN_FIRST_NAME, ADMIN_LAST_NAME and ADMIN_PASSWORD, or run `npm run create-admin` in a terminal.',
    );
  }

  let connection: DatabaseConnection | undefined;
  try {
    connection = await connectDatabase();
    console.log(`Database: ${connection.description}`);
    const migrated = await migrate(connection.url);
    if (migrated.applied.length) console.log(`Applied ${migrated.applied.length} migration(s) first.`);
    await setDatabaseUrl(connection.url);

    for (const field of missing) given[field.key] = await ask(field);
    const result = await createAdmin({
      email: given.email!,
      firstName: given.firstName!,
      lastName: given.lastName!,
      password: given.password!,
    });
    if (result.action === 'created') {
      console.log(`Created admin ${result.email} (user id ${result.userId}). They can log in now.`);
    } else {
      console.log(
        `Promoted ${result.email} (user id ${result.userId}) to an active, verified admin with the new password` +
          (result.sessionsEnded ? `; ended ${result.sessionsEnded} existing session(s).` : '.'),
      );
    }
  } finally {
    await disconnectDb();
    await connection?.close();
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof Refused || error instanceof CreateAdminError) {
    console.error(`create-admin: ${error.message}`);
  } else {
    console.error('create-admin failed:', error);
  }
  process.exitCode = 1;
}
