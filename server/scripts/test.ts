// Runs the server suite on in-memory PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const args = [
  '--test',
  '--test-concurrency=2',
  'src/**/*.test.ts',
  'bench/**/*.test.ts',
  ...process.argv.slice(2),
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
