// The audit trail's public face: the one writer every area uses (recordAudit, inside the change's transaction)
// and the trail's view (registered by register-modules.ts).
export { default as auditRoutes } from './routes';
export { type AuditActor, auditBy, type AuditEntry, recordAudit } from './service';
export { identityChangedBy } from './data';
