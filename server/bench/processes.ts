// The servers under test run in child processes: on a 2-core machine the load generator (autocannon,
// in the bench process) must not share the server's event loop, or every figure measures both.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Target } from './targets.ts';

const serverDir = path.join(import.meta.dirname, '..');

export type Memory = { rssMb: number | undefined; peakMb: number | undefined };

export type RunningServer = {
  url: string;
  pid: number;
  /** The child's resident set now and its high-water mark (Linux /proc; undefined elsewhere). */
  memory(): Memory;
  stop(): Promise<void>;
};

/**
 * The real portal: `src/main.ts`, exactly what `npm start` runs after building the web app, with the
 * configured LOG_LEVEL (default `info`, as in production) and its logs written to a file.
 */
export async function startPortal(target: Target): Promise<RunningServer & { logFile: string }> {
  const port = await freePort();
  const logFile = path.join(target.dataDir, 'server.log');
  const out = openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('BENCH_')) delete env[key];
  delete env.DATABASE_URL;
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: target.dataDir,
    SEED_DEMO: 'false',
    // Production refuses to start without these; the bench sends no e-mail worth protecting.
    OUTBOX_DELIVERY: 'true',
    ENCRYPTION_KEY: env.ENCRYPTION_KEY ?? 'bench-encryption-key-bench-encryption-key',
    // The API is what is measured; a built web app or not must not change the figures.
    WEB_DIST: path.join(target.dataDir, 'no-web-build'),
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  });
  const child = spawn(process.execPath, [path.join(serverDir, 'src/main.ts')], {
    cwd: serverDir,
    env,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(child, `${url}/healthz`, logFile);
  return { url, pid: child.pid!, logFile, memory: () => memoryOf(child.pid!), stop: () => stop(child) };
}

/**
 * A bare `node:http` server answering `/healthz`'s JSON, with or without the portal's security
 * headers: the ceilings for the hook-chain ratio.
 */
export async function startBare(options: { securityHeaders: boolean }): Promise<RunningServer> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-server.ts')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BARE_HEADERS: options.securityHeaders ? '1' : '0' },
  });
  const [message] = (await once(child, 'message')) as [{ port: number }];
  return {
    url: `http://127.0.0.1:${message.port}`,
    pid: child.pid!,
    memory: () => memoryOf(child.pid!),
    stop: () => stop(child),
  };
}

async function waitUntilServing(child: ChildProcess, healthUrl: string, logFile: string) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode}; its log:\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(healthUrl);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer ${healthUrl} within 300 s; its log:\n${tail(logFile)}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM'); // the portal closes the database cleanly (PGlite's lock, pool)
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

function memoryOf(pid: number): Memory {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => {
      const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
      return match ? Math.round(Number(match[1]) / 1024) : undefined;
    };
    return { rssMb: kb('VmRSS'), peakMb: kb('VmHWM') };
  } catch {
    return { rssMb: undefined, peakMb: undefined };
  }
}

function tail(file: string, lines = 30) {
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
