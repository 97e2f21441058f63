/**
 * The bucket arithmetic (GCRA, the generic cell rate algorithm: a token bucket kept as one number per
 * template, its "theoretical arrival time"). Spec admin §3, §9: a bucket has several templates (main,
 * spike) and a request is checked and charged against all of them together, all or nothing.
 *
 * A template of `limit` L tokens refilling over `interval_ms` I emits one token every I / L ms. The
 * arrival time (TAT) is kept exactly as `ms + rem / L` (integers), so no rounding ever creates or loses a
 * token: a request of cost c moves it by c·I / L, and is admitted while the new TAT is at most I ahead of
 * now. The Redis script (store.ts) runs this same arithmetic, step for step, in Lua; every value
 * stays an integer under 2^52 thanks to the bounds in contracts (limit ≤ 1,000,000, interval ≤ 31 days).
 */

/** One template as the engine sees it. */
export type GcraTemplate = { name: string; limit: number; intervalMs: number };

/** A template's stored state: its theoretical arrival time, ms + rem / limit. */
export type Tat = { ms: number; rem: number };

export type TemplateResult = {
  name: string;
  limit: number;
  intervalMs: number;
  /** Whole tokens left after this request (or now, when refused). */
  remaining: number;
  /** Unix milliseconds when the template is full again. */
  fullAtMs: number;
  /** Milliseconds until one token is back (0 when one is there now). */
  oneTokenInMs: number;
  /** This template alone would have refused the request. */
  refused: boolean;
};

export type GcraDecision = {
  allowed: boolean;
  templates: TemplateResult[];
  /** The states to store (the old ones when refused: a refused request charges no template). */
  next: Array<Tat | null>;
};

const ceilDiv = (a: number, b: number) => Math.floor((a + b - 1) / b);

/** max(tat, now) */
function base(tat: Tat | null, now: number): Tat {
  return tat && tat.ms >= now ? tat : { ms: now, rem: 0 };
}

function advance(tat: Tat, template: GcraTemplate, cost: number): Tat {
  const step = cost * template.intervalMs;
  let ms = tat.ms + Math.floor(step / template.limit);
  let rem = tat.rem + (step % template.limit);
  if (rem >= template.limit) {
    ms += 1;
    rem -= template.limit;
  }
  return { ms, rem };
}

/** Whole tokens left with this TAT at `now`: floor((now + I − TAT) · L / I), never below 0. */
function remainingAt(tat: Tat, template: GcraTemplate, now: number): number {
  const scaled = (now + template.intervalMs - tat.ms) * template.limit - tat.rem;
  return scaled <= 0 ? 0 : Math.floor(scaled / template.intervalMs);
}

/** Milliseconds until one token: ceil(TAT + I/L − I − now), never below 0. */
function oneTokenIn(tat: Tat, template: GcraTemplate, now: number): number {
  const scaled = (tat.ms - now - template.intervalMs) * template.limit + tat.rem + template.intervalMs;
  return scaled <= 0 ? 0 : ceilDiv(scaled, template.limit);
}

/** A template's cost: `count` costs 1; `quota` what the caller declared, capped at the capacity. */
export function templateCost(template: GcraTemplate, cost: number): number {
  return Math.min(Math.max(1, Math.floor(cost)), template.limit);
}

/**
 * Checks every template at `now` (Unix ms) and charges them all, or none. `costs[i]` is the cost
 * for template i (see templateCost).
 */
export function gcraDecide(
  templates: GcraTemplate[],
  states: Array<Tat | null>,
  costs: number[],
  now: number,
): GcraDecision {
  const bases = templates.map((_, i) => base(states[i] ?? null, now));
  const advanced = templates.map((template, i) => advance(bases[i] as Tat, template, costs[i] as number));
  const refusedBy = templates.map((template, i) => {
    const ahead = (advanced[i] as Tat).ms - now;
    return !(
      ahead < template.intervalMs ||
      (ahead === template.intervalMs && (advanced[i] as Tat).rem === 0)
    );
  });
  const allowed = !refusedBy.includes(true);
  const after = allowed ? advanced : bases;
  return {
    allowed,
    next: allowed ? advanced : states.map((state) => state ?? null),
    templates: templates.map((template, i) => {
      const tat = after[i] as Tat;
      return {
        name: template.name,
        limit: template.limit,
        intervalMs: template.intervalMs,
        remaining: remainingAt(tat, template, now),
        fullAtMs: tat.ms + (tat.rem > 0 ? 1 : 0),
        oneTokenInMs: oneTokenIn(tat, template, now),
        refused: refusedBy[i] as boolean,
      };
    }),
  };
}

/**
 * The template the headers describe (data README: "whichever limit is closer to being hit"): when
 * refused, the refusing template that frees a token last; otherwise the smallest share of its
 * capacity left (ties: fewer whole tokens).
 */
export function closestToExhaustion(decision: Pick<GcraDecision, 'allowed' | 'templates'>): TemplateResult {
  const candidates = decision.allowed ? decision.templates : decision.templates.filter((t) => t.refused);
  return candidates.reduce((best, t) => {
    if (!decision.allowed) return t.oneTokenInMs > best.oneTokenInMs ? t : best;
    const left = t.remaining * best.limit - best.remaining * t.limit;
    return left < 0 || (left === 0 && t.remaining < best.remaining) ? t : best;
  });
}
