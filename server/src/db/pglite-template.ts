// A freshly initialised PGlite cluster, kept as a tarball that new databases start from.
//
// PGlite's initdb runs PostgreSQL's bootstrap inside WebAssembly and grows the module's memory to
// about 1 GB; WebAssembly memory never shrinks, so a server that ran initdb itself would carry that
// for its whole life (and break the 600 MB start-up budget on every first start). Starting from the
// tarball instead peaks near 400 MB. The tarball is made once, in a short-lived child process whose
// memory is returned when it exits, and kept under node_modules/.cache beside the PGlite it belongs
// to (its version is in the name). Everything here is best effort: without a writable cache the
// caller runs initdb itself, as before.
import { spawn } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const pgliteExtensions = { pg_trgm };

/**
 * PostgreSQL touches all of shared_buffers at start; PGlite's 128MB default is a quarter of the
 * memory budget. Pages missed here are still in the OS page cache.
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** The V8 flags the server compiles PGlite with (see client.ts); the child uses them too. */
export const LIFTOFF_ONLY = ['--no-wasm-tier-up', '--no-wasm-dynamic-tiering'];

export function templatePath(): string {
  const pgliteDir = path.dirname(path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))));
  const { version } = JSON.parse(readFileSync(path.join(pgliteDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return path.join(pgliteDir, '..', '..', '.cache', 'portal-pglite', `initdb-${version}.tar.gz`);
}

/** The template's path, making it first in a child process; null when it cannot be made. */
export async function ensureTemplate(): Promise<string | null> {
  const template = templatePath();
  if (existsSync(template)) return template;
  const script = fileURLToPath(import.meta.url);
  const exitCode = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [...LIFTOFF_ONLY, script, template], { stdio: 'ignore' });
    child.once('error', () => resolve(null));
    child.once('exit', resolve);
  });
  return exitCode === 0 && existsSync(template) ? template : null;
}

/** True when `dataDir` already holds a cluster (then it is opened as it is). */
export function holdsCluster(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

async function writeTemplate(template: string) {
  const fresh = await PGlite.create({ extensions: pgliteExtensions, startParams: pgliteStartParams });
  const dump = Buffer.from(await (await fresh.dumpDataDir('gzip')).arrayBuffer());
  await fresh.close();
  mkdirSync(path.dirname(template), { recursive: true });
  const partial = `${template}.${process.pid}.${Date.now()}`;
  writeFileSync(partial, dump);
  // Atomic, and never over a template another process made first (which a reader may have open):
  // a parallel start reads the whole tarball or none, and the first one made stays.
  try {
    linkSync(partial, template);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(partial);
  }
}

if (import.meta.main) await writeTemplate(process.argv[2]!);
