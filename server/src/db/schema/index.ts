export * from './announcements.ts';
export * from './apps.ts';
export * from './collaborators.ts';
export * from './idempotency.ts';
export * from './manifests.ts';
export * from './marketplace.ts';
export * from './platform.ts';
export * from './users.ts';
