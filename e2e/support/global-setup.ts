import { sweepE2eTempDirs } from './temp-dirs.ts';

/** Sweeps what earlier runs that did not finish left in the temp directory (each run removes its own). */
export default function globalSetup() {
  const removed = sweepE2eTempDirs();
  if (removed.length) console.log(`Removed ${removed.length} data directories left by earlier e2e runs`);
}
