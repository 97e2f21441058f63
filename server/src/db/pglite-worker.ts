// The embedded database's own thread: PGlite runs here, so a slow query blocks this thread's event
// loop and never the HTTP server's. The server talks to it with node-postgres over a Unix socket.
import { mkdirSync, openAsBlob, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { serveSessions } from './pglite-sessions.ts';

export type PgliteWorkerData = { dataDir: string | undefined; socketPath: string };
export type PgliteWorkerMessage = { type: 'ready' } | { type: 'closed' };

const { dataDir, socketPath } = workerData as PgliteWorkerData;
const port = parentPort!;
const extensions = { pg_trgm };
// PostgreSQL touches all of shared_buffers at start; PGlite's 128MB default is a quarter of the
// memory budget. Pages missed here are still in the OS page cache.
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

const db = dataDir ? await PGlite.create({ dataDir, extensions, startParams }) : await openInMemory();
const server = await serveSessions(db, socketPath);
port.postMessage({ type: 'ready' } satisfies PgliteWorkerMessage);

port.once('message', async () => {
  // Clients are gone by now; ending their sessions rolls back anything left open, and closing
  // PGlite shuts PostgreSQL down cleanly, so the data directory needs no recovery at the next start.
  await server.close();
  await db.close();
  port.postMessage({ type: 'closed' } satisfies PgliteWorkerMessage);
  port.close();
});

/**
 * A fresh in-memory database (tests open one per file). Most of PGlite's start-up is initdb, so
 * the freshly initialised cluster is kept as a tarball under node_modules/.cache and later databases
 * start from it: about 2 s instead of 10 on a busy machine. The cache is best effort.
 */
async function openInMemory(): Promise<PGlite> {
  const pgliteDir = path.dirname(path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))));
  const { version } = JSON.parse(readFileSync(path.join(pgliteDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const cacheDir = path.join(pgliteDir, '..', '..', '.cache', 'portal-pglite');
  const template = path.join(cacheDir, `initdb-${version}.tar.gz`);
  try {
    return await PGlite.create({ extensions, startParams, loadDataDir: await openAsBlob(template) });
  } catch {
    // no template yet (or an unreadable one): initialise, then keep the result for next time
  }
  const fresh = await PGlite.create({ extensions, startParams });
  try {
    const dump = Buffer.from(await (await fresh.dumpDataDir('gzip')).arrayBuffer());
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${template}.${process.pid}.${Date.now()}`;
    writeFileSync(partial, dump);
    renameSync(partial, template); // atomic: a parallel test file reads the whole tarball or none
  } catch {
    // a read-only install: every in-memory database runs initdb
  }
  return fresh;
}
