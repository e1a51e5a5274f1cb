/** The admin screens loaded on demand by the router (one chunk). */
export { AuditPage } from '../audit/audit-page.tsx';
export { UsersPage } from './users-page.tsx';
