// Runs the server suite on in-memory PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import { globSync } from 'node:fs';

// The longest files start first: files run two at a time in the order given, and a long file
// started last would leave one core idle for minutes at the end. These five were the longest of a
// timed run (hostile-input ~3 minutes, derived ~1.5, the process tests ~1).
const LONGEST_FIRST = [
  'src/test/hostile-input.test.ts',
  'src/db/derived.test.ts',
  'src/main.test.ts',
  'src/features/auth/auth.limits.test.ts',
  'src/test/route-matrix.test.ts',
];

// These run the embedded database whatever TEST_DB says (real processes on PGlite, PGlite's own
// connection sharing): the PostgreSQL pass would only repeat them.
const EMBEDDED_ONLY = ['src/main.test.ts', 'src/db/pglite-sessions.test.ts'];

// `npm run test -w server -- src/x/y.test.ts …` runs only the files named; without any, the whole suite.
const named = process.argv.slice(2);
const all = globSync(['src/**/*.test.ts', 'bench/**/*.test.ts']).sort();
const files = named.length
  ? named
  : [
      ...LONGEST_FIRST.filter((file) => all.includes(file)),
      ...all.filter((file) => !LONGEST_FIRST.includes(file)),
    ];
const targets = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
for (const target of targets) {
  console.log(`\n# server tests on ${target}`);
  const ofTarget = target === 'postgres' ? files.filter((file) => !EMBEDDED_ONLY.includes(file)) : files;
  // (`node --test` with no file would run every test file it finds.)
  if (ofTarget.length === 0) continue;
  const args = ['--test', '--test-concurrency=2', ...ofTarget];
  const result = spawnSync(process.execPath, args, {
    stdio: 'inherit',
    env: { ...process.env, TEST_DB: target },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
