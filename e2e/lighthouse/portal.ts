// The portal Lighthouse measures: the real server in production mode, on a free port and a
// temporary data directory, serving the built web app (scripts/harness starts and stops it).
// Production never seeds demo data, so a first start outside production seeds the demo accounts and
// their data into the same directory and stops; the production start then finds them there.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type PortalProcess, startPortalProcess } from '../../scripts/harness/portal-process.ts';

/** Starts the portal in `dir` (made by the caller, removed by the caller after `stop`). */
export async function startPortal(dir: string, demoPassword: string): Promise<PortalProcess> {
  const dataDir = path.join(dir, 'data');
  mkdirSync(dataDir);
  const logFile = path.join(dir, 'server.log');
  const common = {
    ...process.env,
    DATA_DIR: dataDir,
    DEMO_PASSWORD: demoPassword,
    // Production requires a key kept outside DATA_DIR; this portal lives only as long as the run.
    ENCRYPTION_KEY: 'lighthouse-run-encryption-key-lighthouse-run',
    // Production refuses to start without SMTP unless the outbox is the delivery channel.
    OUTBOX_DELIVERY: 'true',
  };
  const start = (env: NodeJS.ProcessEnv) => startPortalProcess({ env, logFile, timeoutMs: 180_000 });

  const seeding = await start({ ...common, NODE_ENV: 'test', SEED_DEMO: 'true', LOG_LEVEL: 'warn' });
  await seeding.stop();
  return start({ ...common, NODE_ENV: 'production', SEED_DEMO: 'false' });
}
