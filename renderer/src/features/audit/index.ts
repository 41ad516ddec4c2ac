/** The audit feature: who changed what access, and when. */
export { AuditScreen } from './audit-screen.tsx';
