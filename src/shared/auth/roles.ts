/**
 * Who may do what (issue 15). Roles are data read through one query, so screens and the server
 * ask the same question: `can(role, 'change')`.
 */
export const roles = ['admin', 'broker', 'viewer'] as const;
export type Role = (typeof roles)[number];

/** read: every screen; change: clients, billing, documents, corrections, comparisons; administer: users, learned layouts, the whole audit trail. */
export type Permission = 'read' | 'change' | 'administer';

const granted: Record<Role, readonly Permission[]> = {
  admin: ['read', 'change', 'administer'],
  broker: ['read', 'change'],
  viewer: ['read'],
};

export const can = (role: Role, permission: Permission): boolean =>
  granted[role].includes(permission);

export const roleTitles: Record<Role, string> = {
  admin: 'Admin',
  broker: 'Broker',
  viewer: 'Viewer',
};

/** The signed-in user as GET /api/session answers it. */
export interface SessionUser {
  email: string;
  name: string;
  role: Role;
}

/** GET /api/session: the user, and how the app signs people in. */
export interface SessionInfo {
  user: SessionUser;
  auth: 'none' | 'local' | 'oidc';
}

/**
 * The role an identity provider's groups give (AUTH=oidc): admin when any group is an admin
 * group, else broker when any is a broker group, else viewer. Groups compare without regard
 * to case; the claim may be a list or one string (some providers send one group bare).
 */
export function roleFromGroups(
  claim: unknown,
  adminGroups: readonly string[],
  brokerGroups: readonly string[],
): Role {
  const groups = (Array.isArray(claim) ? claim : typeof claim === 'string' ? [claim] : [])
    .filter((g): g is string => typeof g === 'string')
    .map((g) => g.toLowerCase());
  const any = (wanted: readonly string[]) => wanted.some((w) => groups.includes(w.toLowerCase()));
  if (any(adminGroups)) return 'admin';
  if (any(brokerGroups)) return 'broker';
  return 'viewer';
}

/** A user as GET /api/users answers it (admins). */
export interface UserView {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  /** False until the invitation's link sets a password. */
  hasPassword: boolean;
  createdOn: string;
}

/** One record of the audit trail, as GET /api/audit answers it (newest first). */
export interface AuditRecord {
  id: string;
  at: string;
  userEmail: string;
  action: string;
  objectType: string;
  objectId: string | null;
  clientId: string | null;
  documentId: string | null;
  summary: string;
}

/** Which records: one client's, one document's, one user's, or (admins) all. */
export interface AuditFilter {
  clientId?: string | undefined;
  documentId?: string | undefined;
  userId?: string | undefined;
}
