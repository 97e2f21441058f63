// Runs the server suite on in-memory PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

// `npm run test -w server -- src/x/y.test.ts …` runs only the files named; without any, the whole suite.
const files = process.argv.slice(2);
const args = [
  '--test',
  '--test-concurrency=2',
  ...(files.length ? files : ['src/**/*.test.ts', 'bench/**/*.test.ts']),
];
const targets = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
for (const target of targets) {
  console.log(`\n# server tests on ${target}`);
  const result = spawnSync(process.execPath, args, {
    stdio: 'inherit',
    env: { ...process.env, TEST_DB: target },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
