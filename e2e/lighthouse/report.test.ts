import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findings, isTransient, markdownTable, medianScores, type PageResult, scoresOf } from './report.ts';

const page = (name: string, performance: number | null, accessibility: number | null): PageResult => ({
  name,
  path: `/${name}`,
  scores: { performance, accessibility, 'best-practices': 100 },
  runs: 1,
});

describe('lighthouse report', () => {
  it('turns Lighthouse 0–1 scores into 0–100 and a missing category into null', () => {
    const lhr = { categories: { performance: { score: 0.955 }, accessibility: { score: null } } };
    assert.deepEqual(scoresOf(lhr), { performance: 96, accessibility: null, 'best-practices': null });
  });

  it('takes the median per category, the lower middle for an even count', () => {
    const run = (performance: number) => ({ performance, accessibility: 100, 'best-practices': 96 });
    assert.deepEqual(medianScores([run(70), run(99), run(90)]), run(90));
    assert.deepEqual(medianScores([run(99), run(70), run(90), run(80)]), run(80));
    assert.equal(medianScores([run(99), { ...run(90), performance: null }]).performance, null);
  });

  it('fails accessibility under 95 always, and performance only when strict', () => {
    const pages = [page('login', 80, 95), page('apps', 99, 94), page('admin', 95, null)];
    assert.deepEqual(findings(pages, false), [
      { page: 'apps', category: 'accessibility', score: 94, target: 95 },
      { page: 'admin', category: 'accessibility', score: null, target: 95 },
    ]);
    assert.deepEqual(
      findings(pages, true).map((f) => `${f.page} ${f.category}`),
      ['login performance', 'apps accessibility', 'admin accessibility'],
    );
  });

  it('never judges best-practices against a target', () => {
    const low = {
      ...page('login', 99, 99),
      scores: { performance: 99, accessibility: 99, 'best-practices': 10 },
    };
    assert.deepEqual(findings([low], true), []);
  });

  it('prints one row per page with the targets marked', () => {
    const table = markdownTable([page('login', 96, 94), { ...page('apps', 90, 100), runs: 3 }]);
    assert.equal(
      table,
      [
        '| page | performance | accessibility | best-practices |',
        '| --- | --- | --- | --- |',
        '| login (`/login`) | 96 ✅ | 94 ❌ | 100 |',
        '| apps (`/apps`, median of 3) | 90 ❌ | 100 ✅ | 100 |',
      ].join('\n'),
    );
  });

  it("retries Lighthouse's own recording failures, not a page that failed", () => {
    const navstart = {
      code: 'NO_NAVSTART',
      message:
        'Something went wrong with recording the trace over your page load. Please run Lighthouse again. (NO_NAVSTART)',
    };
    assert.equal(isTransient(navstart), true);
    assert.equal(isTransient({ code: 'SOMETHING_NEW', message: 'Please run Lighthouse again.' }), true);
    assert.equal(
      isTransient({ code: 'PROTOCOL_TIMEOUT', message: 'Waiting for DevTools protocol response' }),
      true,
    );
    const serverError = {
      code: 'ERRORED_DOCUMENT_REQUEST',
      message: 'Lighthouse was unable to reliably load the page you requested. (Status code: 500)',
    };
    assert.equal(isTransient(serverError), false);
  });
});
