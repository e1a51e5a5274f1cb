import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A random token for a cookie or a one-time link: 256 bits, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Only a token's sha256 is stored: a copy of the database signs nobody in. */
export const tokenHash = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** argon2id with the library's defaults (19 MiB, 2 passes: OWASP's recommended minimum). */
export const hashPassword = (password: string): Promise<string> => hash(password);

/** A hash of nothing in particular, verified when the email is unknown so both take as long. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(
  stored: string | null | undefined,
  password: string,
): Promise<boolean> {
  decoy ??= hashPassword(newToken());
  try {
    const ok = await verify(stored ?? (await decoy), password);
    return ok && Boolean(stored);
  } catch {
    return false;
  }
}
