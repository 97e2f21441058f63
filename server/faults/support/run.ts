// The preamble every fault scenario shares: a data dir of its own, portals started on free ports and
// tracked, a signed-in session, and everything killed and removed at the end, pass or fail.
import type http from 'node:http';
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

export type FaultRun = {
  dataDir: string;
  /** Spawns a portal (on a free port, with the run's env and `env`) without waiting for it. */
  spawn(env?: Record<string, string>): Promise<Portal>;
  /** Spawns a portal and waits until it is ready. */
  start(env?: Record<string, string>): Promise<Portal>;
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
    async spawn(extra = {}) {
      const portal = startPortal({ dataDir, port: await freePort(), env: { ...env, ...extra } });
      portals.push(portal);
      return portal;
    },
    async start(extra = {}) {
      const portal = await run.spawn(extra);
      await portal.ready();
      return portal;
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
