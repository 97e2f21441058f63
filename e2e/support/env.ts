/** E2E_PORT_OFFSET shifts every port, so two e2e runs can share a machine. */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const port = (base: number) => base + offset;

/** Where the e2e run's processes listen (loopback only). */
export const PORTAL_URL = `http://localhost:${port(3301)}`;
/** A second portal with no SMTP_URL: its e-mails exist only in the outbox. */
export const PORTAL_NO_SMTP_URL = `http://localhost:${port(3302)}`;
export const MAIL_SINK_SMTP_PORT = port(2525);
export const MAIL_SINK_HTTP_PORT = port(2526);
export const MAIL_SINK_SMTP = `smtp://127.0.0.1:${MAIL_SINK_SMTP_PORT}`;
export const MAIL_SINK_HTTP = `http://127.0.0.1:${MAIL_SINK_HTTP_PORT}`;
export const DEMO_PASSWORD = 'demo-password-e2e';
export const ADMIN_EMAIL = 'admin@example.com';
export const DEVELOPER_EMAIL = 'developer@example.com';
/** The platform services' bearer token the e2e portals accept (SERVICE_TOKENS). */
export const SERVICE_TOKEN = 'e2e-service-token-e2e-service-token-0123';
