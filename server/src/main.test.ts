import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

const entry = path.join(import.meta.dirname, 'main.ts');

function start(dataDir: string, port: number) {
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DEMO_PASSWORD: 'process-test-pw',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
    stdout += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output, stdout: () => stdout };
}

/** The process's peak resident memory so far (Linux), or null where /proc is missing. */
function startUpPeakKb(pid: number): number | null {
  const status = `/proc/${pid}/status`;
  if (!existsSync(status)) return null;
  return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(status, 'utf8'))?.[1]);
}

/** Waits for `check`; on a timeout the error carries the end of the process's output. */
async function waitFor(check: () => boolean, output: () => string, ms = 180_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out; the process printed:\n${output().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A portal process started on a fresh data dir and a free-looking port. */
function startFresh() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-process-'));
  const port = 40_000 + Math.floor(Math.random() * 10_000);
  return { dataDir, port, first: start(dataDir, port) };
}

const untilReady = (proc: ReturnType<typeof start>) =>
  waitFor(() => proc.output().includes('Developer portal ready'), proc.output);

/** Kills what a test left running. */
function killLeft(...procs: Array<ReturnType<typeof start> | undefined>) {
  for (const proc of procs)
    if (proc && proc.child.exitCode === null) (proc.child as ChildProcess).kill('SIGKILL');
}

test('the server starts, seeds, refuses a second process on its data dir, and stops cleanly on SIGTERM', async () => {
  const { dataDir, port, first } = startFresh();
  let second: ReturnType<typeof start> | undefined;
  try {
    await untilReady(first);
    assert.match(first.output(), /Demo accounts: admin@example.com and developer@example.com/);
    // Not a terminal: every line is a JSON entry for a log shipper, the ready line among them.
    const entries = first
      .stdout()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    assert.ok(entries.some((e) => e.level === 30 && e.msg.startsWith('Developer portal ready')));
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    assert.equal(ready.status, 200);

    second = start(dataDir, port + 1);
    assert.equal(await second.exited, 1);
    assert.match(second.output(), /in use by another portal process/);

    first.child.kill('SIGTERM');
    assert.equal(await first.exited, 0);
    assert.match(first.output(), /shutting down/);
    assert.equal(existsSync(path.join(dataDir, 'pglite.lock')), false, 'the data-dir lock is released');
  } finally {
    killLeft(first, second);
  }
});

test('after kill -9 the server restarts at once on the same data dir, with its data', async () => {
  const { dataDir, port, first } = startFresh();
  let second: ReturnType<typeof start> | undefined;
  try {
    await untilReady(first);
    first.child.kill('SIGKILL');
    await first.exited;

    const restarted = start(dataDir, port);
    second = restarted;
    const refused = restarted.exited.then((code) => {
      throw new Error(`the restart exited with ${code}: ${restarted.output()}`);
    });
    await Promise.race([untilReady(restarted), refused]);
    assert.doesNotMatch(restarted.output(), /Demo accounts/, 'the seeded data survived, so no second seed');
    // A start on an existing data dir stays within the 600 MB start-up budget (the first start, which
    // also runs migrations and the demo seed, is reported in docs/decisions.md, not bounded here).
    const peakKb = startUpPeakKb(restarted.child.pid!);
    if (peakKb !== null) assert.ok(peakKb <= 600 * 1024, `start-up peak ${Math.round(peakKb / 1024)} MB`);
    assert.equal((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 200);
    restarted.child.kill('SIGTERM');
    assert.equal(await restarted.exited, 0);
  } finally {
    killLeft(first, second);
    await Promise.all([first.exited, second?.exited]);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
