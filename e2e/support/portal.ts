// One e2e portal (started by playwright.config.ts) on a data directory of its own, which it removes
// once the server has stopped. Playwright stops its web servers after the global teardown has run, so
// the directory can only go here; a run that was killed leaves it for the next run's sweep.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { e2eTempDir } from './temp-dirs.ts';

const dataDir = mkdtempSync(e2eTempDir(process.env.PORT ?? 'portal'));
const server = spawn(process.execPath, [path.resolve(import.meta.dirname, '../../server/src/main.ts')], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir },
});
// Playwright signals the whole process group; passing a signal on covers a stop aimed at this process.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 1);
});
