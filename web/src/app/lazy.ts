import type { ComponentType } from 'react';

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('Error loading JavaScript module bundle', { cause });
    this.name = 'ChunkLoadError';
  }
}

const RETRIES = 2;
const RETRY_DELAY_MS = 300;

/** Imports a route's chunk, retrying twice 300 ms apart before giving up with a ChunkLoadError. */
export async function importWithRetry<T>(
  load: () => Promise<T>,
  wait = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    try {
      return await load();
    } catch (error) {
      lastError = error;
      if (attempt < RETRIES) await wait(RETRY_DELAY_MS);
    }
  }
  throw new ChunkLoadError(lastError);
}

/** A lazy route: `lazyPage(() => import('./page.tsx'), 'PageName')`. */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return async () => {
    const module = await importWithRetry(load);
    return { Component: module[name] as ComponentType };
  };
}
