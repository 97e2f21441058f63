// `npm run dev`: the API in watch mode, then (once it answers /healthz) the Vite dev server proxying /api to it.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.PORT || '3000';
const vitePort = await freePort(5173, Number(apiPort));
const pageUrl = `http://localhost:${vitePort}`;

const children: ChildProcess[] = [];
let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const child of children) child.kill('SIGTERM');
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop());

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  // Vite stops when its stdin ends: outside a terminal it gets a pipe that lives as long as this script.
  const stdin = process.stdin.isTTY ? 'inherit' : 'pipe';
  const child = spawn(command, args, {
    cwd: root,
    stdio: [stdin, 'inherit', 'inherit'],
    env: { ...process.env, ...env },
  });
  children.push(child);
  child.on('exit', (code) => stop(code ?? 0));
  return child;
}

// Same database and port as `npm start` (DATA_DIR resolves from the repository root, not server/).
// E-mailed links and the ready line point at the page a person opens: Vite's, not the API's.
run(process.execPath, ['--watch', '--watch-preserve-output', 'server/src/main.ts'], {
  PORT: apiPort,
  DATA_DIR: process.env.DATA_DIR || path.join(root, 'data'),
  PUBLIC_URL: process.env.PUBLIC_URL || pageUrl,
});

// Vite starts only once the API answers, so the first page load finds it (no proxy-error flood).
if (await waitFor(`http://localhost:${apiPort}/healthz`)) {
  const viteArgs = ['--port', String(vitePort), '--strictPort', '--clearScreen', 'false'];
  run('npm', ['run', '--silent', 'dev', '-w', 'web', '--', ...viteArgs], { PORT: apiPort });
  if (await waitFor(pageUrl)) console.log(`\n  Developer portal (dev): open ${pageUrl}\n`);
}

/** Polls `url` until it answers 2xx; false when `npm run dev` is stopping (a child exited or Ctrl+C). */
async function waitFor(url: string): Promise<boolean> {
  while (!stopping) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return true;
    await sleep(250);
  }
  return false;
}

/** The first port from `from` nobody listens on (Vite's default, or the next one like Vite would). */
async function freePort(from: number, taken: number): Promise<number> {
  for (let port = from; port < from + 50; port++) {
    if (port === taken) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once('error', () => resolve(false))
        .listen(port, () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port for Vite from ${from}`);
}
