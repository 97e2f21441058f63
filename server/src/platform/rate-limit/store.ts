import type { Redis } from 'ioredis';
import { type GcraDecision, type GcraTemplate, gcraDecide, type Tat } from './gcra.ts';

/** Where template states live: one atomic check-and-charge of every template of a bucket. */
export type BucketStore = {
  decide(keys: string[], templates: GcraTemplate[], costs: number[], nowMs: number): Promise<GcraDecision>;
};

/** In memory: the same arithmetic, atomic because it never awaits between read and write. */
export function memoryBucketStore(): BucketStore & { size(): number } {
  const states = new Map<string, Tat>();
  let lastSweep = 0;
  const sweep = (now: number) => {
    // A TAT in the past is a full bucket, the same as no entry: forget it (bounded memory).
    if (now - lastSweep < 10_000 && states.size < 100_000) return;
    lastSweep = now;
    for (const [key, tat] of states) if (tat.ms < now) states.delete(key);
  };
  return {
    size: () => states.size,
    async decide(keys, templates, costs, nowMs) {
      sweep(nowMs);
      const decision = gcraDecide(
        templates,
        keys.map((key) => states.get(key) ?? null),
        costs,
        nowMs,
      );
      if (decision.allowed)
        decision.next.forEach((tat, i) => {
          if (tat) states.set(keys[i] as string, tat);
        });
      return decision;
    },
  };
}

/**
 * The GCRA of gcra.ts in Lua, one script call: reads every template's TAT ("ms:rem"), decides, and
 * writes all of them or none. It returns the states it read, and the caller runs gcraDecide on them
 * for the headers (the same integers, so the same answer). Time comes from the caller's clock
 * (ARGV[1]); expiry is relative (PX), so a test clock far from Redis's own time works too.
 */
export const GCRA_LUA = `
local now = tonumber(ARGV[1])
local n = #KEYS
local read = {}
local nextMs, nextRem, ttl = {}, {}, {}
local allowed = 1
for i = 1, n do
  local limit = tonumber(ARGV[(i - 1) * 3 + 2])
  local interval = tonumber(ARGV[(i - 1) * 3 + 3])
  local cost = tonumber(ARGV[(i - 1) * 3 + 4])
  local raw = redis.call('GET', KEYS[i])
  local ms, rem = now, 0
  read[i * 2 - 1], read[i * 2] = -1, -1
  if raw then
    local sep = string.find(raw, ':', 1, true)
    local storedMs = tonumber(string.sub(raw, 1, sep - 1))
    local storedRem = tonumber(string.sub(raw, sep + 1))
    read[i * 2 - 1], read[i * 2] = storedMs, storedRem
    if storedMs >= now then ms, rem = storedMs, storedRem end
  end
  local step = cost * interval
  ms = ms + math.floor(step / limit)
  rem = rem + (step % limit)
  if rem >= limit then
    ms = ms + 1
    rem = rem - limit
  end
  local ahead = ms - now
  if not (ahead < interval or (ahead == interval and rem == 0)) then allowed = 0 end
  nextMs[i], nextRem[i], ttl[i] = ms, rem, ahead + 1000
end
if allowed == 1 then
  for i = 1, n do
    redis.call('SET', KEYS[i], string.format('%.0f:%.0f', nextMs[i], nextRem[i]), 'PX', string.format('%.0f', ttl[i]))
  end
end
local out = { allowed }
for i = 1, n * 2 do out[i + 1] = read[i] end
return out
`;

type RedisWithGcra = Redis & {
  quotaGcra(numKeys: number, ...args: Array<string | number>): Promise<number[]>;
};

/** On Redis: one EVALSHA per request (ioredis defineCommand loads the script once per connection). */
export function redisBucketStore(redis: Redis): BucketStore {
  const client = redis as RedisWithGcra;
  if (!('quotaGcra' in client)) redis.defineCommand('quotaGcra', { lua: GCRA_LUA });
  return {
    async decide(keys, templates, costs, nowMs) {
      const args: Array<string | number> = [...keys, nowMs];
      templates.forEach((template, i) => {
        args.push(template.limit, template.intervalMs, costs[i] as number);
      });
      const [allowed, ...read] = await client.quotaGcra(keys.length, ...args);
      const states = keys.map((_, i): Tat | null =>
        read[i * 2] === -1 ? null : { ms: read[i * 2] as number, rem: read[i * 2 + 1] as number },
      );
      const decision = gcraDecide(templates, states, costs, nowMs);
      if (decision.allowed !== (allowed === 1))
        throw new Error('quota: Redis and memory arithmetic disagree');
      return decision;
    },
  };
}
