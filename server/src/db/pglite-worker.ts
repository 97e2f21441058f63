// The embedded database's own thread: PGlite runs here, so a slow query blocks this thread's event
// loop and never the HTTP server's. The server talks to it with node-postgres over a Unix socket.
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { serveSessions } from './pglite-sessions.ts';
import { ensureTemplate, holdsCluster, pgliteExtensions, pgliteStartParams } from './pglite-template.ts';

export type PgliteWorkerData = { dataDir: string | undefined; socketPath: string };
export type PgliteWorkerMessage = { type: 'ready' } | { type: 'closed' };

const { dataDir, socketPath } = workerData as PgliteWorkerData;
const port = parentPort!;

// A new database (in memory, or a data directory without a cluster yet) starts from the initdb
// template rather than running initdb here; see pglite-template.ts.
const fresh = !dataDir || !holdsCluster(dataDir);
const template = fresh ? await ensureTemplate() : null;
const db = await PGlite.create({
  ...(dataDir ? { dataDir } : {}),
  extensions: pgliteExtensions,
  startParams: pgliteStartParams,
  // Read whole now, not as a file-backed blob read later: a test process making the template at the
  // same time may rename its own over this path meanwhile, and a file-backed blob then fails to read.
  ...(template ? { loadDataDir: new Blob([await readFile(template)]) } : {}),
});
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
