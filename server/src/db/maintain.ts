import { sql } from 'drizzle-orm';
import type { Logger } from '../platform/logger.ts';
import type { Db } from './client.ts';

// The embedded database's autovacuum. PGlite runs PostgreSQL as one backend with no postmaster, so
// its autovacuum never runs, although `show autovacuum` says on: without this, a table is never
// analyzed (its plans are made for an empty table) and never vacuumed (an index-only scan pays a heap
// fetch per row, dead job rows pile up in pg-boss's tables). PostgreSQL's own rule, read with its
// own settings, decides which tables are due (plus a table's growth on disk, which outlives a
// restart); the server runs a pass every minute on PGlite only.

type Due = { table: string; vacuum: boolean };
export type Maintained = { table: string; work: 'vacuum' | 'analyze'; ms: number };

/**
 * PGlite forgets the counts above when it closes, so a table is also due when its file has grown by
 * the insert rule's share (and a few pages) since it was last vacuumed or analyzed: rows added, or
 * rows updated or deleted and not yet vacuumed, in this run or an earlier one.
 */
const GROWN_PAGES = 8;
const setting = (name: string) => sql.raw(`current_setting('${name}')::float8`);
const rows = sql`greatest(c.reltuples, 0)`;
const vacuumDue = sql`(s.n_dead_tup > ${setting('autovacuum_vacuum_threshold')} + ${setting('autovacuum_vacuum_scale_factor')} * ${rows}
  or (${setting('autovacuum_vacuum_insert_threshold')} >= 0
    and s.n_ins_since_vacuum > ${setting('autovacuum_vacuum_insert_threshold')} + ${setting('autovacuum_vacuum_insert_scale_factor')} * ${rows})
  or age(c.relfrozenxid) > ${setting('autovacuum_freeze_max_age')}
  or pg_relation_size(c.oid) > (c.relpages * (1 + ${setting('autovacuum_vacuum_insert_scale_factor')}) + ${sql.raw(String(GROWN_PAGES))}) * ${setting('block_size')})`;
const analyzeDue = sql`s.n_mod_since_analyze > ${setting('autovacuum_analyze_threshold')} + ${setting('autovacuum_analyze_scale_factor')} * ${rows}`;

/** The tables past autovacuum's thresholds, the most changed first; `vacuum` false: analyze only. */
const DUE = sql`select format('%I.%I', s.schemaname, s.relname) as "table", ${vacuumDue} as vacuum
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where c.relkind = 'r' and (${vacuumDue} or ${analyzeDue})
  order by s.n_dead_tup + s.n_mod_since_analyze desc`;

/** One pass: vacuums (and analyzes) or analyzes each due table, one at a time. */
export async function maintainOnce(db: Db): Promise<Maintained[]> {
  // Counts reach the statistics a second or so after the statement that made them; this pass reads them all.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows: due } = (await db.execute(DUE)) as unknown as { rows: Due[] };
  const done: Maintained[] = [];
  for (const { table, vacuum } of due) {
    const started = performance.now();
    // `table` is quoted by format('%I.%I') above: PostgreSQL's own identifier quoting.
    await db.execute(sql.raw(`${vacuum ? 'vacuum (analyze)' : 'analyze'} ${table}`));
    done.push({ table, work: vacuum ? 'vacuum' : 'analyze', ms: Math.round(performance.now() - started) });
  }
  return done;
}

/**
 * Runs `maintainOnce` every `everyMs` (never two at once) until `stop()`, which waits for a pass
 * under way. A failed pass is logged and the next one tries again.
 */
export function maintainEvery(db: Db, log: Logger, everyMs = 60_000): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const pass = async () => {
    try {
      const done = await maintainOnce(db);
      if (done.length) log.info({ tables: done }, 'embedded database maintained');
    } catch (error) {
      log.warn({ err: error }, 'embedded database maintenance failed; trying again later');
    }
  };
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().finally(next);
    }, everyMs);
    timer.unref();
  };
  next();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
