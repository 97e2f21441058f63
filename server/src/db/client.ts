import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import type { PgliteWorkerData, PgliteWorkerMessage } from './pglite-worker.ts';
import * as schema from './schema/index.ts';

export { DataDirLockedError } from './data-dir-lock.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database: repos accept either so services can compose them. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** node-postgres connection string: PostgreSQL's, or the embedded database's private socket. */
  url: string;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** Any fixed number: the advisory lock that instances starting together take around migrations. */
const MIGRATION_LOCK = 7_405_221_930;

/**
 * Drizzle's migrator takes no lock, so instances started together race on the same migration.
 * A session-level advisory lock on one connection, with every migration run on that connection:
 * the first instance applies them, the others wait and then find each one applied.
 */
async function migrateOnce(pool: pg.Pool) {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle({ client, casing: 'snake_case' }) as never, { migrationsFolder });
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  } catch (error) {
    // A connection left mid-way is closed, not pooled: closing it also releases the lock.
    broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Drizzle over a node-postgres pool: the one driver for PostgreSQL and for the embedded database. */
function connect(url: string, kind: Database['kind'], stop?: () => Promise<void>): Database {
  // A connection that cannot be made in 5 s fails the request (503) instead of holding it.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle connection whose server went away (a restart, a failover) errors outside any query; the
  // pool drops it and the next query connects again. Unheard, that error would end the process.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind,
    url,
    migrate: () => migrateOnce(pool),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: async () => {
      await pool.end();
      await stop?.();
    },
  };
}

export function openPostgres(url: string): Database {
  return connect(url, 'postgres');
}

/**
 * The embedded database: PGlite in a worker thread, so a slow query never blocks the HTTP server,
 * served over a Unix socket in a private directory (mode 0700: no other user can connect; PGlite
 * asks for no password). `dataDir` undefined means in memory (tests). On disk, a lock keeps a second
 * process off the directory. `optimisingCompiler` keeps V8's optimising tier for PGlite: about twice
 * as fast on heavy queries, for a ~640 MB compile spike the server's budget has no room for.
 */
export async function openPglite(
  dataDir?: string,
  options: { optimisingCompiler?: boolean } = {},
): Promise<Database> {
  let unlock: (() => Promise<void>) | undefined;
  let pgDir: string | undefined;
  if (dataDir) {
    pgDir = path.join(dataDir, 'pglite');
    mkdirSync(pgDir, { recursive: true });
    unlock = await lockDataDir(
      pgDir,
      `The data directory ${dataDir} is in use by another portal process. Stop it first, or set DATA_DIR to another directory.`,
    );
  }
  // A batch job with no memory budget (the bench's seeder) may keep V8's optimising tier.
  if (!options.optimisingCompiler) compileWasmWithLiftoffOnly();
  const socketDir = mkdtempSync(path.join(tmpdir(), 'portal-pglite-'));
  try {
    const stop = await startWorker({ dataDir: pgDir, socketPath: path.join(socketDir, '.s.PGSQL.5432') });
    const url = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`;
    return connect(url, 'pglite', async () => {
      await stop();
      rmSync(socketDir, { recursive: true, force: true });
      await unlock?.();
    });
  } catch (error) {
    rmSync(socketDir, { recursive: true, force: true });
    await unlock?.();
    throw error;
  }
}

/**
 * PostgreSQL compiled to WebAssembly is large: V8's optimising tier needs ~640 MB for a couple of
 * seconds to compile its biggest function (which runs on every query, so it is always tiered up),
 * which alone breaks a 600 MB start-up budget. With the baseline compiler (Liftoff) only, the
 * whole server restarts within ~400 MB, at the cost of roughly 2x CPU on scan-heavy queries (see
 * docs/decisions.md). Set before PGlite compiles (V8 reads these when a module is compiled), and
 * the pair is needed: either flag alone still tiers up.
 */
function compileWasmWithLiftoffOnly() {
  v8.setFlagsFromString('--no-wasm-tier-up');
  v8.setFlagsFromString('--no-wasm-dynamic-tiering');
}

/** Starts the worker and waits until it serves; answers a function that shuts it down cleanly. */
async function startWorker(data: PgliteWorkerData): Promise<() => Promise<void>> {
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData: data });
  let stopping = false;
  const message = (type: PgliteWorkerMessage['type']) =>
    new Promise<void>((resolve, reject) => {
      const onMessage = (received: PgliteWorkerMessage) => {
        if (received.type !== type) return;
        worker.off('message', onMessage);
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The embedded database exited (code ${code})`)));
    });
  await message('ready');
  // Past start-up the server cannot go on without its database: fail as loudly as a crash would.
  worker.on('error', (error) => {
    throw error;
  });
  worker.on('exit', (code) => {
    if (!stopping) throw new Error(`The embedded database stopped unexpectedly (exit code ${code})`);
  });
  return async () => {
    stopping = true;
    const closed = message('closed');
    worker.postMessage('close');
    await closed;
    await worker.terminate();
  };
}

export function openDatabase(options: { url?: string; dataDir?: string }): Promise<Database> {
  return options.url ? Promise.resolve(openPostgres(options.url)) : openPglite(options.dataDir);
}
