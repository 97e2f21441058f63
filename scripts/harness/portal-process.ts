// The real portal in a child process — `server/src/main.ts`, what `npm start` runs — on a free port,
// for the tools that measure it from outside: `npm run bench` (server/bench) and `npm run lighthouse`
// (e2e/lighthouse). Each says how the portal is configured; starting, waiting and stopping are here.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const ownServerDir = path.resolve(import.meta.dirname, '../../server');

export type PortalProcess = { url: string; pid: number; logFile: string; stop(): Promise<void> };

export type PortalProcessOptions = {
  /** The portal's whole environment; HOST, PORT and PUBLIC_URL (loopback, a free port) are added. */
  env: NodeJS.ProcessEnv;
  /** Where its output goes (appended). */
  logFile: string;
  /** How long it may take to answer /readyz: a first start migrates, a large database recovers. */
  timeoutMs?: number;
  /** Another checkout's `server/` (the quick bench's A/B); this one's by default. */
  serverDir?: string;
};

/** Starts the portal and resolves once /readyz answers (the database is open and migrated). */
export async function startPortalProcess(options: PortalProcessOptions): Promise<PortalProcess> {
  const { logFile, timeoutMs = 300_000, serverDir = ownServerDir } = options;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(serverDir, 'src/main.ts')], {
    cwd: serverDir,
    env: { ...options.env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  await waitUntilReady(child, `${url}/readyz`, logFile, timeoutMs);
  return { url, pid: child.pid!, logFile, stop: () => stopProcess(child) };
}

async function waitUntilReady(child: ChildProcess, readyUrl: string, logFile: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the portal exited with ${child.exitCode}; its log:\n${tail(logFile)}`);
    try {
      if ((await fetch(readyUrl)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stopProcess(child);
  throw new Error(
    `the portal did not answer ${readyUrl} within ${timeoutMs / 1000} s; its log:\n${tail(logFile)}`,
  );
}

/**
 * SIGTERM, so the portal closes its database cleanly (PGlite's lock, the pool), then SIGKILL if it
 * has not exited within 30 s.
 */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/** The last lines of a log file, for an error message. */
export function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** A port nobody listens on right now (the portal takes its port from PORT, so it is chosen here). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}
