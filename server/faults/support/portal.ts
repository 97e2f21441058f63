// Starts real portal processes (server/src/main.ts) for the faults suite and watches them.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

const entry = path.resolve(import.meta.dirname, '../../src/main.ts');
export const DEMO_PASSWORD = 'faults-demo-pw';
export const DEVELOPER = 'developer@example.com';
export const ADMIN = 'admin@example.com';
/** Same secrets across restarts, so sessions and CSRF cookies survive a kill. */
const SECRETS = {
  SESSION_SECRET: 'faults-session-secret-faults-session-secret',
  ENCRYPTION_KEY: 'faults-encryption-key-faults-encryption-key',
};

/** A port nobody listens on right now (127.0.0.1 only). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `portal-faults-${prefix}-`));
}

export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });

export type Portal = {
  child: ChildProcess;
  origin: string;
  port: number;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** Resolves with ms from spawn to "ready"; rejects if the process exits or `timeoutMs` passes. */
  ready(timeoutMs?: number): Promise<number>;
  kill(signal: NodeJS.Signals): void;
};

export type PortalOptions = { dataDir: string; port: number; env?: Record<string, string> };

export function startPortal({ dataDir, port, env = {} }: PortalOptions): Portal {
  const started = Date.now();
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      DEMO_PASSWORD,
      SEED_DEMO: 'true',
      SANDBOX_PROVISION_SECONDS: '0',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      // No balancer watches these portals: a SIGTERM drains at once (sigterm.test.ts sets its own).
      READINESS_DRAIN_MS: '0',
      ...SECRETS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let isReady = false;
  const onChunk = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (!isReady && output.includes('Developer portal ready')) isReady = true;
  };
  child.stdout!.on('data', onChunk);
  child.stderr!.on('data', onChunk);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  // FAULTS_LOG_DIR keeps every process's output for a look after a failure.
  const logDir = process.env.FAULTS_LOG_DIR;
  if (logDir)
    void exited.then(() =>
      writeFileSync(path.join(logDir, `portal-${port}-${child.pid}.log`), output, { flag: 'a' }),
    );
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  return {
    child,
    port,
    origin: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    async ready(timeoutMs = 120_000) {
      const until = started + timeoutMs;
      while (!isReady) {
        if (gone) throw new Error(`the portal exited before it was ready:\n${excerpt(output)}`);
        if (Date.now() > until)
          throw new Error(`the portal was not ready within ${timeoutMs} ms:\n${output.slice(-3000)}`);
        await delay(20);
      }
      return Date.now() - started;
    },
    kill(signal) {
      if (!gone) child.kill(signal);
    },
  };
}

/** Waits for `check` to hold, polling every `everyMs`, failing after `timeoutMs`. */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 30_000, everyMs = 100 } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(everyMs);
  }
}

/** The part of a process's output that explains a crash: from the first error on, else the end. */
export function excerpt(output: string, size = 3_000): string {
  const at = output.search(/\b\w*Error\b|"level":50|"level":60/);
  return at >= 0 ? output.slice(Math.max(0, at - 300), at - 300 + size) : output.slice(-size);
}

/** Kills what is still running at the end of a test. */
export async function stopAll(portals: Portal[]): Promise<void> {
  for (const portal of portals) portal.kill('SIGKILL');
  await Promise.all(portals.map((portal) => portal.exited));
}

/** One line per measurement, collected by the runner into the timing summary. */
export function report(name: string, values: Record<string, number | string>): void {
  const line = Object.entries(values)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  console.log(`# fault ${name}: ${line}`);
}
