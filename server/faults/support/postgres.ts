// PostgreSQL for the faults suite: a database of our own on the shared server (created and dropped),
// or a throwaway cluster in a temp dir that a test may stop and start (never the shared one).
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The shared server's maintenance database (CI's TEST_DATABASE_URL names the server to use). */
function adminUrl(): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url.toString();
}

export async function adminQuery(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

export type TempDatabase = { url: string; drop(): Promise<void> };

/** A fresh database on the shared server, named after the test and this process. */
export async function createDatabase(label: string): Promise<TempDatabase> {
  const name = `portal_faults_${label}_${process.pid}_${Date.now()}`;
  const admin = adminUrl();
  await adminQuery(admin, `create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => void (await adminQuery(admin, `drop database if exists ${name} with (force)`)),
  };
}

function pgBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const file = path.join(root, version, 'bin', name);
    if (existsSync(file)) return file;
  }
  return name; // on PATH
}

/** Runs a PostgreSQL tool as the `postgres` user when we are root (initdb refuses root). */
function runPg(tool: string, args: string[]): string {
  const asRoot = process.getuid?.() === 0;
  const [command, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', pgBin(tool), ...args]]
    : [pgBin(tool), args];
  return execFileSync(command, argv, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
}

export type Cluster = { url: string; port: number; start(): void; stop(): void; destroy(): void };

/** initdb in a temp dir, listening on 127.0.0.1:`port` only, trust auth; started. */
export function createCluster(port: number): Cluster {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-faults-pg-'));
  chmodSync(dir, 0o755);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  runPg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () =>
      void runPg('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']),
    stop: () => void runPg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    destroy() {
      try {
        runPg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
