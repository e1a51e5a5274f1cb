import type { Role, UserView } from '../../../shared/auth/roles.ts';
import { getJson, sendJson } from '../../lib/api.ts';

export type { UserView } from '../../../shared/auth/roles.ts';

export type UserStatus = 'Active' | 'Invited' | 'Disabled';

export const userStatus = (user: UserView): UserStatus =>
  user.disabled ? 'Disabled' : user.hasPassword ? 'Active' : 'Invited';

/** The server answers a link as a path (`/welcome/TOKEN`); people are sent the full address. */
export const fullLink = (path: string, origin = window.location.origin) => `${origin}${path}`;

export const listUsers = () => getJson<UserView[]>('/api/users');

export const inviteUser = (input: { email: string; name: string; role: Role }) =>
  sendJson<{ user: UserView; link: string }>('POST', '/api/users', input);

export const updateUser = (id: string, change: { role?: Role; disabled?: boolean }) =>
  sendJson<UserView>('PATCH', `/api/users/${encodeURIComponent(id)}`, change);

export const resetUser = (id: string) =>
  sendJson<{ link: string }>('POST', `/api/users/${encodeURIComponent(id)}/reset`);
