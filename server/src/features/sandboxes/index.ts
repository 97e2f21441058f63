/** An app's sandbox: its build (a job), its OAuth client as the app page shows it, staff edits. */
export { buildSandbox } from './sandboxes.build.ts';
export { hasLiveSandbox, requestSandbox, sandboxFor, updateSandboxAsStaff } from './sandboxes.service.ts';
