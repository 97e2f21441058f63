// The servers under test run in child processes: on a 2-core machine the load generator (autocannon,
// in the bench process) must not share the server's event loop, or every figure measures both.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type PortalProcess, startPortalProcess, stopProcess } from '../../scripts/harness/portal-process.ts';
import type { Target } from './targets.ts';

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
export async function startPortal(target: Target): Promise<RunningServer & PortalProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('BENCH_')) delete env[key];
  delete env.DATABASE_URL;
  Object.assign(env, {
    NODE_ENV: 'production',
    DATA_DIR: target.dataDir,
    SEED_DEMO: 'false',
    // Production refuses to start without these; the bench sends no e-mail worth protecting.
    OUTBOX_DELIVERY: 'true',
    ENCRYPTION_KEY: env.ENCRYPTION_KEY ?? 'bench-encryption-key-bench-encryption-key',
    // The API is what is measured; a built web app or not must not change the figures.
    WEB_DIST: path.join(target.dataDir, 'no-web-build'),
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  });
  const portal = await startPortalProcess({ env, logFile: path.join(target.dataDir, 'server.log') });
  return { ...portal, memory: () => memoryOf(portal.pid) };
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
    stop: () => stopProcess(child),
  };
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
