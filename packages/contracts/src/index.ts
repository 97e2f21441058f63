export * from './analytics.ts';
export * from './auth.ts';
export * from './config.ts';
export * from './errors.ts';
export * from './limits.ts';
export * from './outbox.ts';
export * from './pagination.ts';
