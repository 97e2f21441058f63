/**
 * Manifest rules the server and the web share: semantic versions, version order, the header status,
 * the review state machine, component URL rules and the editor's helpers (snippets, permissions).
 * Zod-free, so web chunks import it through `@portal/contracts/manifest-rules`.
 */
export * from './manifest-editor.ts';
export * from './manifest-messages.ts';
export * from './manifest-review.ts';
export * from './manifest-schemas.ts';
export * from './semantic-versions.ts';
