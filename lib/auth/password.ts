import bcrypt from 'bcryptjs';
import { env } from '../env.ts';

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, env().BCRYPT_COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

let dummyHash: Promise<string> | undefined;

/** Spends the same bcrypt time as a real check, so an unknown e-mail answers as slowly as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-Zq9!');
  await bcrypt.compare(password, await dummyHash);
  return false;
}
