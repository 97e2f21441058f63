// The portal Lighthouse measures: the real server (`server/src/main.ts`, what `npm start` runs) in
// production mode, on a free port and a temporary data directory, serving the built web app.
// Production never seeds demo data, so a first start outside production seeds the demo accounts and
// their data into the same directory and stops; the production start then finds them there.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const mainTs = path.resolve(import.meta.dirname, '../../server/src/main.ts');

export type Portal = { url: string; logFile: string; stop(): Promise<void> };

/** Starts the portal in `dir` (made by the caller, removed by the caller after `stop`). */
export async function startPortal(dir: string, demoPassword: string): Promise<Portal> {
  const dataDir = path.join(dir, 'data');
  mkdirSync(dataDir);
  const logFile = path.join(dir, 'server.log');
  const common = {
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_PASSWORD: demoPassword,
    // Production requires a key kept outside DATA_DIR; this portal lives only as long as the run.
    ENCRYPTION_KEY: 'lighthouse-run-encryption-key-lighthouse-run',
    // Production refuses to start without SMTP unless the outbox is the delivery channel.
    OUTBOX_DELIVERY: 'true',
  };

  const seeding = await run(logFile, { ...common, NODE_ENV: 'test', SEED_DEMO: 'true', LOG_LEVEL: 'warn' });
  await seeding.stop();
  return run(logFile, { ...common, NODE_ENV: 'production', SEED_DEMO: 'false' });
}

async function run(logFile: string, env: Record<string, string>): Promise<Portal> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, [mainTs], {
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: url },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  await waitUntilReady(child, `${url}/readyz`, logFile);
  return { url, logFile, stop: () => stop(child) };
}

async function waitUntilReady(child: ChildProcess, readyUrl: string, logFile: string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the portal exited with ${child.exitCode}:\n${tail(logFile)}`);
    try {
      if ((await fetch(readyUrl)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await stop(child);
  throw new Error(`the portal did not answer ${readyUrl} within 180 s:\n${tail(logFile)}`);
}

/** SIGTERM, so the portal closes its database and lock, then SIGKILL if it has not exited in 20 s. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

export function tail(file: string, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** A port nobody listens on right now (the portal takes its port from PORT, so it is chosen here). */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}
