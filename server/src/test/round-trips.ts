import type pg from 'pg';
import type { Db } from '../db/client.ts';

/** `named`: how many were sent as named (prepared) statements, whose plans PostgreSQL may keep. */
type Counted = { count: number; named: number; texts: string[] };

/**
 * Counts the statements the app's pool sends (its own queries and better-auth's; not pg-boss, which
 * has its own pool) while `block` runs: every client the pool hands out has its `query` wrapped once.
 */
export async function countRoundTrips(db: Db, block: () => Promise<unknown>): Promise<Counted> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const counted: Counted = { count: 0, named: 0, texts: [] };
  const onAcquire = (client: pg.PoolClient) => {
    const original = client.query;
    if ((original as { counting?: true }).counting) return;
    const wrapped = function (this: pg.PoolClient, ...args: unknown[]) {
      const active = (client as unknown as { counter?: Counted }).counter;
      if (active) {
        active.count += 1;
        const first = args[0] as string | { text?: string; name?: string };
        active.texts.push(typeof first === 'string' ? first : (first.text ?? ''));
        if (typeof first !== 'string' && first.name) active.named += 1;
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    Object.assign(wrapped, { counting: true });
    client.query = wrapped as typeof client.query;
  };
  const seen = new Set<pg.PoolClient>();
  const setCounter = (client: pg.PoolClient) => {
    onAcquire(client);
    seen.add(client);
    (client as unknown as { counter?: Counted }).counter = counted;
  };
  pool.on('acquire', setCounter);
  try {
    await block();
  } finally {
    pool.off('acquire', setCounter);
    for (const client of seen) delete (client as unknown as { counter?: Counted }).counter;
  }
  return counted;
}
