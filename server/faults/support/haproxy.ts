// HAProxy for the faults suite: deploy/haproxy.cfg as it ships, its addresses set to loopback through
// the environment variables it reads, run in the foreground; each server's state from the stats CSV.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { userInfo } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort, waitUntil } from './portal.ts';

const CONFIG = path.resolve(import.meta.dirname, '../../../deploy/haproxy.cfg');

export type ServerState = { name: string; status: string; retries: number; redispatches: number };

export type Balancer = {
  origin: string;
  /** The backend's servers as HAProxy sees them now (`UP`, `DOWN`, `UP 1/2`, …). */
  servers(): Promise<ServerState[]>;
  /** Waits until `name` (portal1…) is in `status`. */
  waitFor(name: string, status: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  output(): string;
  stop(): Promise<void>;
};

/** The servers deploy/haproxy.cfg names (portal1 to portal3). */
const CONFIG_SERVERS = 3;

/**
 * HAProxy in front of the portals listening on `ports` (portal1, portal2, …, as the config names them);
 * with fewer ports than the config has servers, the rest point at closed ports and are down before
 * this returns.
 */
export async function startBalancer(ports: number[]): Promise<Balancer> {
  const port = await freePort();
  const statsPort = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    PORTAL_LB_BIND: `127.0.0.1:${port}`,
    PORTAL_LB_STATS: `127.0.0.1:${statsPort}`,
    // Logs go to a UDP port nobody reads (no syslog needed); the stats page tells the states.
    PORTAL_LB_LOG: `127.0.0.1:${await freePort()}`,
  };
  for (let i = 0; i < CONFIG_SERVERS; i++)
    env[`PORTAL_${i + 1}`] = `127.0.0.1:${ports[i] ?? (await freePort())}`;
  if (process.getuid?.() !== 0) {
    // Only root can switch to the haproxy user: run as ourselves.
    env.PORTAL_LB_USER = userInfo().username;
    env.PORTAL_LB_GROUP = execFileSync('id', ['-gn'], { encoding: 'utf8' }).trim();
  }
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', CONFIG], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const onChunk = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout!.on('data', onChunk);
  child.stderr!.on('data', onChunk);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  const servers = async (): Promise<ServerState[]> => {
    const res = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`);
    const [header = '', ...rows] = (await res.text()).trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const at = (name: string) => columns.indexOf(name);
    return rows
      .map((row) => row.split(','))
      .filter((cells) => cells[at('pxname')] === 'portals' && /^portal\d+$/.test(cells[at('svname')] ?? ''))
      .map((cells) => ({
        name: cells[at('svname')]!,
        status: cells[at('status')]!,
        retries: Number(cells[at('wretr')] || 0),
        redispatches: Number(cells[at('wredis')] || 0),
      }));
  };
  await waitUntil(
    'HAProxy to answer on its stats page',
    async () => {
      if (gone) throw new Error(`haproxy exited:\n${output}`);
      return servers().then(
        (list) => list.length === CONFIG_SERVERS,
        () => false,
      );
    },
    { timeoutMs: 10_000, everyMs: 50 },
  );
  const waitFor = async (name: string, status: string, timeoutMs = 15_000) => {
    await waitUntil(
      `${name} to be ${status} on the balancer`,
      async () => (await servers()).find((server) => server.name === name)?.status === status,
      { timeoutMs, everyMs: 50 },
    );
  };
  for (let i = ports.length; i < CONFIG_SERVERS; i++) await waitFor(`portal${i + 1}`, 'DOWN');
  return {
    origin: `http://127.0.0.1:${port}`,
    servers,
    waitFor,
    output: () => output,
    async stop() {
      if (!gone) child.kill('SIGTERM');
      await Promise.race([exited, delay(5_000)]);
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
  };
}
