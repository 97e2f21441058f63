// Where a bench run keeps its data: a fresh PGlite directory, or a fresh database on the PostgreSQL
// server named by BENCH_DATABASE_URL / DATABASE_URL. Both are removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type Target = {
  kind: 'pglite' | 'postgres';
  /** DATA_DIR of the server (the PGlite files, the session secret, uploads). */
  dataDir: string;
  /** Set for PostgreSQL. */
  databaseUrl: string | undefined;
  /** Where the server's host is described in the report, without credentials. */
  label: string;
  drop(): Promise<void>;
};

/** The targets of this run: PGlite unless BENCH_DB says otherwise, PostgreSQL when a URL is set. */
export function plannedTargets(env: NodeJS.ProcessEnv): Array<'pglite' | 'postgres'> {
  const url = env.BENCH_DATABASE_URL || env.DATABASE_URL;
  const wanted = (env.BENCH_DB ?? (url ? 'pglite,postgres' : 'pglite')).split(',').map((s) => s.trim());
  const targets = wanted.filter(
    (kind): kind is 'pglite' | 'postgres' => kind === 'pglite' || kind === 'postgres',
  );
  if (targets.includes('postgres') && !url) {
    throw new Error('BENCH_DB asks for postgres but neither BENCH_DATABASE_URL nor DATABASE_URL is set');
  }
  if (!targets.length) throw new Error(`BENCH_DB=${env.BENCH_DB}: expected pglite, postgres or both`);
  return targets;
}

let targetsOpened = 0;

export async function openTarget(kind: 'pglite' | 'postgres', env: NodeJS.ProcessEnv): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `portal-bench-${kind}-`));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') {
    return {
      kind,
      dataDir,
      databaseUrl: undefined,
      label: 'PGlite (embedded)',
      drop: async () => removeDir(),
    };
  }
  const serverUrl = new URL((env.BENCH_DATABASE_URL || env.DATABASE_URL)!);
  // The quick bench opens one per checkout at the same instant: a counter keeps their names apart.
  targetsOpened += 1;
  const name = `portal_bench_${process.pid}_${Date.now()}_${targetsOpened}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  return {
    kind,
    dataDir,
    databaseUrl: databaseUrl.toString(),
    label: `PostgreSQL at ${serverUrl.host}`,
    drop: async () => {
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      removeDir();
    },
  };
}

/** CREATE/DROP DATABASE must run outside the target database, on the URL's own database. */
async function adminQuery(url: URL, statement: string) {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ v: string }>(`select current_setting('server_version') as v`);
    return result.rows[0]?.v ?? 'unknown';
  } finally {
    await client.end();
  }
}
