// The preamble every fault scenario shares: a data dir of its own, portals started on free ports and
// tracked, a signed-in session, and everything killed and removed at the end, pass or fail.
import { mkdirSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { createSession, type Session } from './http.ts';
import {
  DEMO_PASSWORD,
  DEVELOPER,
  freePort,
  type Portal,
  removeDir,
  startPortal,
  stopAll,
  tempDir,
} from './portal.ts';

export type PortalPlace = { port?: number; dataDir?: string };

export type FaultRun = {
  dataDir: string;
  /**
   * Spawns a portal (with the run's env and `env`) without waiting for it: on a free port and the run's
   * data dir, or on `port` (a restart keeps its address) with a `dataDir` of its own (one per instance).
   */
  spawn(env?: Record<string, string>, where?: PortalPlace): Promise<Portal>;
  /** Spawns a portal and waits until it is ready. */
  start(env?: Record<string, string>, where?: PortalPlace): Promise<Portal>;
  /** A folder of its own under the run's data dir (removed with it), e.g. one instance's DATA_DIR. */
  subDir(name: string): string;
  /** A session on `portal` signed in as `email` (the demo developer by default), closed at the end. */
  signIn(portal: Portal, options?: { email?: string; agent?: http.Agent }): Promise<Session>;
  /** Runs at the end, last registered first (a database to drop, a sink to close). */
  onClose(cleanup: () => Promise<void> | void): void;
};

/**
 * Runs `scenario` with a fresh FaultRun; `env` applies to every portal it starts. Whatever the
 * outcome, portals still running are killed, sessions closed and the data dir removed.
 */
export async function withFaultRun(
  label: string,
  scenario: (run: FaultRun) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const dataDir = tempDir(label);
  const portals: Portal[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];
  const run: FaultRun = {
    dataDir,
    async spawn(extra = {}, where = {}) {
      const portal = startPortal({
        dataDir: where.dataDir ?? dataDir,
        port: where.port ?? (await freePort()),
        env: { ...env, ...extra },
      });
      portals.push(portal);
      return portal;
    },
    async start(extra = {}, where = {}) {
      const portal = await run.spawn(extra, where);
      await portal.ready();
      return portal;
    },
    subDir(name) {
      const dir = path.join(dataDir, name);
      mkdirSync(dir, { recursive: true });
      return dir;
    },
    async signIn(portal, { email = DEVELOPER, agent }: { email?: string; agent?: http.Agent } = {}) {
      const session = createSession(portal.origin, agent);
      cleanups.push(() => session.close());
      await session.signIn(email, DEMO_PASSWORD);
      return session;
    },
    onClose: (cleanup) => void cleanups.push(cleanup),
  };
  try {
    await scenario(run);
  } finally {
    await stopAll(portals);
    for (const cleanup of cleanups.reverse()) await cleanup();
    removeDir(dataDir);
  }
}
