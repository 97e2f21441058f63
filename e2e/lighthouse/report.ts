// What `npm run lighthouse` reports: each page's category scores (the median over its runs), a
// markdown table, and which scores fall under their target.

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Issue #8: Lighthouse desktop ≥ 95 for performance and accessibility. */
export const TARGETS: Partial<Record<Category, number>> = { performance: 95, accessibility: 95 };

/** A category's score, 0–100, or null when Lighthouse could not score it. */
export type Scores = Record<Category, number | null>;
export type PageResult = { name: string; path: string; scores: Scores; runs: number };
export type Finding = { page: string; category: Category; score: number | null; target: number };

type Lhr = { categories: Record<string, { score: number | null } | undefined> };

export function scoresOf(lhr: Lhr): Scores {
  const scores = {} as Scores;
  for (const category of CATEGORIES) {
    const score = lhr.categories[category]?.score;
    scores[category] = typeof score === 'number' ? Math.round(score * 100) : null;
  }
  return scores;
}

/** Per category, the median of the runs (the lower middle one for an even count); null if any run had none. */
export function medianScores(runs: Scores[]): Scores {
  const scores = {} as Scores;
  for (const category of CATEGORIES) {
    const values = runs.map((run) => run[category]);
    if (values.length === 0 || values.some((value) => value === null)) {
      scores[category] = null;
      continue;
    }
    const sorted = (values as number[]).toSorted((a, b) => a - b);
    scores[category] = sorted[Math.floor((sorted.length - 1) / 2)]!;
  }
  return scores;
}

/**
 * The scores under their target. Accessibility always counts; performance only when `strictPerf` is
 * set, because on a shared, loaded machine its score measures the neighbours as much as the page.
 */
export function findings(pages: PageResult[], strictPerf: boolean): Finding[] {
  const out: Finding[] = [];
  for (const page of pages) {
    for (const category of CATEGORIES) {
      const target = TARGETS[category];
      if (target === undefined || (category === 'performance' && !strictPerf)) continue;
      const score = page.scores[category];
      if (score === null || score < target) out.push({ page: page.name, category, score, target });
    }
  }
  return out;
}

export function markdownTable(pages: PageResult[]): string {
  const mark = (category: Category, score: number | null) => {
    const target = TARGETS[category];
    if (score === null) return 'n/a ❌';
    if (target === undefined) return String(score);
    return `${score} ${score >= target ? '✅' : '❌'}`;
  };
  const lines = [
    `| page | ${CATEGORIES.join(' | ')} |`,
    `| --- | ${CATEGORIES.map(() => '---').join(' | ')} |`,
    ...pages.map(
      (page) =>
        `| ${page.name} (\`${page.path}\`${page.runs > 1 ? `, median of ${page.runs}` : ''}) | ${CATEGORIES.map((category) => mark(category, page.scores[category])).join(' | ')} |`,
    ),
  ];
  return lines.join('\n');
}

/** How many times one measurement is tried when Lighthouse itself asks to be run again. */
export const ATTEMPTS = 3;

/** Lighthouse's own failures to record a load (a lost trace, no paint seen in time), not the page's. */
const TRANSIENT = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_FCP', 'PROTOCOL_TIMEOUT']);

/**
 * Whether a Lighthouse runtime error is worth another attempt: the ones whose message says "Please
 * run Lighthouse again", or whose code is one of those. A page that failed to load (a 500, a DNS
 * error) is not retried: it fails the run.
 */
export function isTransient(error: { code: string; message: string }): boolean {
  return TRANSIENT.has(error.code) || /run Lighthouse again/i.test(error.message);
}
