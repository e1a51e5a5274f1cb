import type { Role, SessionUser } from '../../shared/auth/roles.ts';
import type { Queryable } from '../db/database.ts';
import { newToken, tokenHash } from './secrets.ts';

/**
 * Server-side sessions in the database (PGlite or PostgreSQL, so they survive restarts and are
 * shared by every instance). The browser holds a random token in an httpOnly cookie; a session
 * ends when idle too long, at its absolute expiry, when the user signs out (here or everywhere)
 * and when the user is disabled or their password reset (the user's session epoch moves on).
 */
export interface SessionTimes {
  idleMs: number;
  maxMs: number;
}

export interface SignedInUser extends SessionUser {
  id: string;
}

export async function startSession(
  db: Queryable,
  userId: string,
  times: SessionTimes,
  now = new Date(),
): Promise<{ token: string; expiresOn: Date }> {
  const token = newToken();
  const expiresOn = new Date(now.getTime() + times.maxMs);
  await db.query(
    `insert into sessions (token_hash, user_id, session_epoch, created_on, last_seen_on, expires_on)
     select $1, id, session_epoch, $3, $3, $4 from users where id = $2`,
    [tokenHash(token), userId, now, expiresOn],
  );
  return { token, expiresOn };
}

/** Seen again this recently, a session's last-seen time is not written again (one write a minute). */
const TOUCH_EVERY_MS = 60_000;

/** The user a session token belongs to, or undefined when it is unknown, expired or ended. */
export async function resolveSession(
  db: Queryable,
  token: string,
  times: SessionTimes,
  now = new Date(),
): Promise<SignedInUser | undefined> {
  const hash = tokenHash(token);
  const { rows } = await db.query<{
    id: string;
    email: string;
    name: string;
    role: Role;
    last_seen_on: Date;
  }>(
    `select u.id, u.email, u.name, u.role, s.last_seen_on
     from sessions s join users u on u.id = s.user_id
     where s.token_hash = $1 and not u.disabled and s.session_epoch = u.session_epoch
       and s.expires_on > $2 and s.last_seen_on > $3`,
    [hash, now, new Date(now.getTime() - times.idleMs)],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (now.getTime() - row.last_seen_on.getTime() > TOUCH_EVERY_MS) {
    await db.query('update sessions set last_seen_on = $2 where token_hash = $1', [hash, now]);
  }
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

export async function endSession(db: Queryable, token: string): Promise<void> {
  await db.query('delete from sessions where token_hash = $1', [tokenHash(token)]);
}

/** Ends every session of a user, on every instance (sign out everywhere, disable, reset). */
export async function endAllSessions(db: Queryable, userId: string): Promise<void> {
  await db.query('update users set session_epoch = session_epoch + 1 where id = $1', [userId]);
  await db.query('delete from sessions where user_id = $1', [userId]);
}

/** Sessions past their expiry are deleted now and then (they no longer sign anyone in). */
export async function deleteExpiredSessions(db: Queryable, now = new Date()): Promise<void> {
  await db.query('delete from sessions where expires_on <= $1', [now]);
}
