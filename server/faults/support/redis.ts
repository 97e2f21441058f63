// A throwaway Redis for the faults suite: its own port on loopback, nothing saved to disk.
import { type ChildProcess, spawn } from 'node:child_process';

export function startRedis(port: number): ChildProcess {
  return spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
}
