import { describe, expect, test, vi } from 'vitest';
import { ChunkLoadError, importWithRetry } from './lazy.ts';

describe('importWithRetry', () => {
  test('retries twice 300 ms apart, then gives up with a ChunkLoadError', async () => {
    const load = vi.fn().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const waits: number[] = [];
    await expect(importWithRetry(load, async (ms) => void waits.push(ms))).rejects.toBeInstanceOf(
      ChunkLoadError,
    );
    expect(load).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([300, 300]);
  });

  test('a retry that succeeds returns the module', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('flaky')).mockResolvedValue({ ok: true });
    await expect(importWithRetry(load, async () => {})).resolves.toEqual({ ok: true });
  });
});
