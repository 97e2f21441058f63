/** The staff audit log: who changed what, before and after. Features record; admins read. */
export { type AuditActor, recordAudit } from './audit.service.ts';
