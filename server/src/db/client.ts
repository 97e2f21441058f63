import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database: repos accept either so services can compose them. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Set for the embedded database; pg-boss talks to it through its PGlite adapter. */
  pglite?: PGlite;
  /** Set for PostgreSQL; pg-boss gets its own pool from the same URL. */
  url?: string;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export class DataDirLockedError extends Error {}

/** PostgreSQL through a node-postgres pool. */
export function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url,
    migrate: () => migrateNodePg(db as never, { migrationsFolder }),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => pool.end(),
  };
}

/**
 * The embedded database. `dataDir` undefined means in memory (tests). On disk, a lock file keeps a
 * second process from opening the same directory, which would corrupt it.
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  let pgDir: string | undefined;
  if (dataDir) {
    pgDir = path.join(dataDir, 'pglite');
    mkdirSync(pgDir, { recursive: true });
    try {
      // The lock's mtime is refreshed every 5 s; a lock older than 30 s is from a process that died.
      release = await lockfile.lock(pgDir, { stale: 30_000, update: 5_000, retries: 0, realpath: false });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another portal process. Stop it first (a crashed process's lock expires after 30 s), or set DATA_DIR to another directory.`,
        );
      }
      throw error;
    }
  }
  const client = await PGlite.create({ dataDir: pgDir, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => void (await client.query('select 1')),
    close: async () => {
      await client.close();
      await release?.();
    },
  };
}

export function openDatabase(options: { url?: string; dataDir?: string }): Promise<Database> {
  return options.url ? Promise.resolve(openPostgres(options.url)) : openPglite(options.dataDir);
}
