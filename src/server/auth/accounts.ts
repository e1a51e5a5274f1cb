import { randomUUID } from 'node:crypto';
import { type Role, roleTitles, type UserView } from '../../shared/auth/roles.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError, notFound } from '../errors.ts';
import { hashPassword, newToken, tokenHash, verifyPassword } from './secrets.ts';
import { endAllSessions, type SignedInUser } from './sessions.ts';

/**
 * Local accounts (AUTH=local): the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, invitations
 * and password resets by one-time links, disabling, roles, and signing in with a limit on
 * failed attempts per account and per address. Every change is in the audit trail.
 */

interface UserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  password_hash: string | null;
  created_on: Date;
}

const toView = (r: UserRow): UserView => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  disabled: r.disabled,
  hasPassword: r.password_hash !== null,
  createdOn: r.created_on.toISOString(),
});

export const INVITE_DAYS = 7;
export const RESET_HOURS = 24;

/** Failed sign-ins allowed per account, and per address, in the window before a pause. */
export const SIGN_IN_LIMITS = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 };

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function countUsers(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users');
  return rows[0]?.n ?? 0;
}

/** At start-up: the first admin, when there are no users yet. Answers whether one was made. */
export async function ensureFirstAdmin(
  db: Database,
  admin: { email: string; password: string } | undefined,
): Promise<'created' | 'exists' | 'missing'> {
  if ((await countUsers(db)) > 0) return 'exists';
  if (!admin) return 'missing';
  const hash = await hashPassword(admin.password);
  await db.transaction(async (tx) => {
    if ((await countUsers(tx)) > 0) return;
    const id = randomUUID();
    // Instances starting together on one PostgreSQL may both get here: one inserts.
    const inserted = await tx.query(
      `insert into users (id, email, name, role, password_hash) values ($1, $2, $3, 'admin', $4)
       on conflict (email) do nothing`,
      [id, normaliseEmail(admin.email), admin.email.split('@')[0] ?? admin.email, hash],
    );
    if (!inserted.rowCount) return;
    await recordAudit(
      tx,
      { userId: null, email: 'system', name: 'System' },
      {
        action: 'user created',
        objectType: 'user',
        objectId: id,
        summary: `${admin.email} as Admin (ADMIN_EMAIL at start-up)`,
      },
    );
  });
  return 'created';
}

export async function listUsers(db: Queryable): Promise<UserView[]> {
  const { rows } = await db.query<UserRow>(
    'select id, email, name, role, disabled, password_hash, created_on from users order by email',
  );
  return rows.map(toView);
}

async function createLink(
  tx: Queryable,
  userId: string,
  purpose: 'invite' | 'reset',
  validMs: number,
  now: Date,
): Promise<string> {
  const token = newToken();
  // A new link replaces the user's unused ones.
  await tx.query('delete from user_links where user_id = $1 and used_on is null', [userId]);
  await tx.query(
    `insert into user_links (token_hash, user_id, purpose, created_on, expires_on)
     values ($1, $2, $3, $4, $5)`,
    [tokenHash(token), userId, purpose, now, new Date(now.getTime() + validMs)],
  );
  return token;
}

export interface Invitation {
  email: string;
  name: string;
  role: Role;
}

/** Invites a user: the account exists at once, disabled for sign-in until the link sets a password. */
export async function inviteUser(
  db: Database,
  actor: Actor,
  input: Invitation,
  now = new Date(),
): Promise<{ user: UserView; token: string }> {
  return db.transaction(async (tx) => {
    const email = normaliseEmail(input.email);
    const existing = await tx.query('select 1 from users where email = $1', [email]);
    if (existing.rows.length > 0) {
      throw new AppError('conflict', `${email} already has an account.`);
    }
    const id = randomUUID();
    const { rows } = await tx.query<UserRow>(
      `insert into users (id, email, name, role, created_on, updated_on) values ($1, $2, $3, $4, $5, $5)
       returning id, email, name, role, disabled, password_hash, created_on`,
      [id, email, input.name.trim(), input.role, now],
    );
    const token = await createLink(tx, id, 'invite', INVITE_DAYS * 86_400_000, now);
    await recordAudit(tx, actor, {
      action: 'user invited',
      objectType: 'user',
      objectId: id,
      summary: `${email} as ${roleTitles[input.role]}`,
    });
    return { user: toView(rows[0]!), token };
  });
}

async function lockedUser(tx: Queryable, id: string): Promise<UserRow> {
  const { rows } = await tx.query<UserRow>(
    `select id, email, name, role, disabled, password_hash, created_on from users
     where id = $1 for update`,
    [id],
  );
  if (!rows[0]) throw notFound('User not found.');
  return rows[0];
}

async function adminsLeft(tx: Queryable, exceptId: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `select count(*)::int as n from users where role = 'admin' and not disabled and id <> $1`,
    [exceptId],
  );
  return rows[0]?.n ?? 0;
}

/** Changes a user's role or disables / enables them; the last active admin cannot be demoted or disabled. */
export async function updateUser(
  db: Database,
  actor: Actor,
  id: string,
  change: { role?: Role | undefined; disabled?: boolean | undefined },
  now = new Date(),
): Promise<UserView> {
  return db.transaction(async (tx) => {
    const before = await lockedUser(tx, id);
    const demoting = change.role !== undefined && change.role !== 'admin';
    if (
      before.role === 'admin' &&
      (demoting || change.disabled) &&
      (await adminsLeft(tx, id)) === 0
    ) {
      throw new AppError(
        'conflict',
        'This is the only active admin: make another user an admin first.',
      );
    }
    const role = change.role ?? before.role;
    const disabled = change.disabled ?? before.disabled;
    const { rows } = await tx.query<UserRow>(
      `update users set role = $2, disabled = $3, updated_on = $4 where id = $1
       returning id, email, name, role, disabled, password_hash, created_on`,
      [id, role, disabled, now],
    );
    if (disabled && !before.disabled) await endAllSessions(tx, id);
    if (role !== before.role) {
      await recordAudit(tx, actor, {
        action: 'role changed',
        objectType: 'user',
        objectId: id,
        summary: `${before.email}: ${roleTitles[before.role]} → ${roleTitles[role]}`,
      });
    }
    if (disabled !== before.disabled) {
      await recordAudit(tx, actor, {
        action: disabled ? 'user disabled' : 'user enabled',
        objectType: 'user',
        objectId: id,
        summary: before.email,
      });
    }
    return toView(rows[0]!);
  });
}

/** A one-time link to set a new password; the user's sessions end now. */
export async function resetUser(
  db: Database,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<{ token: string }> {
  return db.transaction(async (tx) => {
    const user = await lockedUser(tx, id);
    await endAllSessions(tx, id);
    const token = await createLink(tx, id, 'reset', RESET_HOURS * 3_600_000, now);
    await recordAudit(tx, actor, {
      action: 'password reset',
      objectType: 'user',
      objectId: id,
      summary: `${user.email}: a reset link was made`,
    });
    return { token };
  });
}

export interface LinkView {
  purpose: 'invite' | 'reset' | 'setup';
  email: string;
  name: string;
}

const LINK_GONE = 'This link has expired or was already used. Ask an admin for a new one.';

export async function readLink(db: Queryable, token: string, now = new Date()): Promise<LinkView> {
  const { rows } = await db.query<LinkView>(
    `select l.purpose, u.email, u.name from user_links l join users u on u.id = l.user_id
     where l.token_hash = $1 and l.used_on is null and l.expires_on > $2 and not u.disabled`,
    [tokenHash(token), now],
  );
  if (!rows[0]) throw notFound(LINK_GONE);
  return rows[0];
}

/** Uses a one-time link: sets the password (and the name, for an invitation); answers the user. */
export async function useLink(
  db: Database,
  token: string,
  input: { password: string; name?: string | undefined },
  now = new Date(),
): Promise<SignedInUser> {
  const hash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: string; purpose: string }>(
      `update user_links set used_on = $2
       where token_hash = $1 and used_on is null and expires_on > $2
       returning user_id, purpose`,
      [tokenHash(token), now],
    );
    const link = rows[0];
    if (!link) throw notFound(LINK_GONE);
    const user = await lockedUser(tx, link.user_id);
    if (user.disabled) throw notFound(LINK_GONE);
    const name = input.name?.trim() || user.name;
    await tx.query(
      'update users set password_hash = $2, name = $3, updated_on = $4 where id = $1',
      [user.id, hash, name, now],
    );
    await endAllSessions(tx, user.id);
    await recordAudit(
      tx,
      { userId: user.id, email: user.email, name },
      {
        action: link.purpose === 'invite' ? 'invitation accepted' : 'password set',
        objectType: 'user',
        objectId: user.id,
        summary: user.email,
      },
    );
    return { id: user.id, email: user.email, name, role: user.role };
  });
}

/**
 * Checks an email and password. Too many failed attempts for the account or from the address
 * in the window → 429; a wrong pair → 401 (the same answer for an unknown email). Failures and
 * successes are in the audit trail, which also counts the failures.
 */
export async function signIn(
  db: Database,
  input: { email: string; password: string; address: string },
  now = new Date(),
): Promise<SignedInUser> {
  const email = normaliseEmail(input.email);
  const since = new Date(now.getTime() - SIGN_IN_LIMITS.windowMs);
  const { rows: counts } = await db.query<{ account: number; address: number }>(
    `select count(*) filter (where object_id = $1)::int as account,
            count(*) filter (where address = $2)::int as address
     from audit_log where action = 'sign-in failed' and created_on > $3`,
    [email, input.address, since],
  );
  const failures = counts[0] ?? { account: 0, address: 0 };
  if (
    failures.account >= SIGN_IN_LIMITS.perAccount ||
    failures.address >= SIGN_IN_LIMITS.perAddress
  ) {
    throw new AppError(
      'rate_limited',
      'Too many failed sign-ins. Wait 15 minutes and try again, or ask an admin to reset your password.',
    );
  }
  const { rows } = await db.query<UserRow>(
    `select id, email, name, role, disabled, password_hash, created_on from users where email = $1`,
    [email],
  );
  const user = rows[0];
  const ok = (await verifyPassword(user?.password_hash, input.password)) && user && !user.disabled;
  if (!ok || !user) {
    await recordAudit(
      db,
      { userId: user?.id ?? null, email, name: email, address: input.address },
      { action: 'sign-in failed', objectType: 'session', objectId: email },
    );
    throw new AppError('unauthenticated', 'The email or password is not right.');
  }
  await recordAudit(
    db,
    { userId: user.id, email: user.email, name: user.name, address: input.address },
    { action: 'signed in', objectType: 'session', objectId: user.email },
  );
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}
