import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  manifestHeaderStatus,
  REVIEW_STATES,
  type ReviewActor,
  reviewActions,
  reviewTransition,
} from './manifest-review.ts';

describe('manifest header status (spec developer-apps §4)', () => {
  const sandbox = (semantic_version: string, version = 1) => ({ version, semantic_version });
  const production = (semantic_version: string, state: string, version = 1) => ({
    version,
    semantic_version,
    state,
  });

  test('no sandbox manifest: Draft, blue', () => {
    assert.deepEqual(manifestHeaderStatus(null, null), {
      key: 'draft',
      label: 'Draft',
      color: 'blue',
      canPromote: false,
    });
    assert.equal(manifestHeaderStatus(undefined, production('1.0.0', 'published')).label, 'Draft');
  });

  test('sandbox newer than production, or no production: Ready for Testing, magenta, Promote shown', () => {
    for (const status of [
      manifestHeaderStatus(sandbox('0.1.0'), null),
      manifestHeaderStatus(sandbox('0.10.0', 2), production('0.9.0', 'published', 1)),
    ]) {
      assert.deepEqual(status, {
        key: 'ready_for_testing',
        label: 'Ready for Testing',
        color: 'magenta',
        canPromote: true,
      });
    }
  });

  test('equal versions follow the production state', () => {
    const equal = (state: string) => manifestHeaderStatus(sandbox('1.0.0'), production('1.0.0', state));
    assert.deepEqual(
      [equal('confidential'), equal('published'), equal('in_review'), equal('draft')].map((s) => [
        s.label,
        s.color,
        s.canPromote,
      ]),
      [
        ['Promoted', 'green', false],
        ['Approved Version', 'green', false],
        ['Under Review', 'yellow', false],
        ['Unknown State', 'red', false],
      ],
    );
  });

  test('a lower or different sandbox version: Unknown State, red', () => {
    for (const status of [
      manifestHeaderStatus(sandbox('0.9.0', 1), production('0.10.0', 'published', 2)),
      manifestHeaderStatus(sandbox('0.9.0', 3), production('0.10.0', 'published', 2)),
      manifestHeaderStatus(sandbox('1.0.0', 2), production('1.1.0', 'confidential', 2)),
    ])
      assert.deepEqual([status.label, status.color, status.canPromote], ['Unknown State', 'red', false]);
  });

  test('without semantic versions the version numbers decide', () => {
    const none = (version: number) => ({ version, semantic_version: null });
    assert.equal(
      manifestHeaderStatus(none(4), { ...none(3), state: 'published' }).label,
      'Ready for Testing',
    );
    assert.equal(manifestHeaderStatus(none(3), { ...none(3), state: 'in_review' }).label, 'Under Review');
  });
});

describe('review state machine (spec developer-apps §4)', () => {
  const allowed: Array<[string, string, ReviewActor, string]> = [
    ['confidential', 'in_review', 'developer', 'submitted'],
    ['in_review', 'confidential', 'developer', 'withdrawn'],
    ['in_review', 'published', 'admin', 'approved'],
    ['in_review', 'confidential', 'admin', 'rejected'],
  ];

  test('every state pair for both actors: exactly the four transitions are allowed', () => {
    for (const actor of ['developer', 'admin'] as const) {
      for (const from of REVIEW_STATES) {
        for (const to of REVIEW_STATES) {
          const result = reviewTransition(from, to, actor);
          const expected = allowed.find(([f, t, a]) => f === from && t === to && a === actor);
          if (expected) assert.deepEqual(result, { ok: true, event: expected[3] }, `${actor} ${from}→${to}`);
          else {
            assert.equal(result.ok, false, `${actor} ${from}→${to}`);
            assert.ok(!result.ok && result.message.length > 10);
          }
        }
      }
    }
  });

  test('refusals say why', () => {
    const message = (from: string, to: string, actor: ReviewActor) => {
      const result = reviewTransition(from as 'confidential', to as 'confidential', actor);
      return result.ok ? null : result.message;
    };
    for (const [from, to, actor, expected] of [
      ['in_review', 'in_review', 'developer', 'This version is already in review'],
      ['published', 'published', 'admin', 'This version is already published'],
      ['confidential', 'confidential', 'developer', 'This version is already confidential (not in review)'],
      ['confidential', 'published', 'developer', 'Only a platform admin can approve a version'],
      ['in_review', 'published', 'developer', 'Only a platform admin can approve a version'],
    ] as const)
      assert.equal(message(from, to, actor), expected, `${actor} ${from}→${to}`);
    assert.match(
      message('published', 'confidential', 'developer')!,
      /^A published version cannot be submitted/,
    );
    assert.match(message('published', 'in_review', 'developer')!, /^A published version cannot be submitted/);
    for (const [from, to] of [
      ['confidential', 'published'],
      ['confidential', 'in_review'],
      ['published', 'confidential'],
      ['published', 'in_review'],
    ])
      assert.equal(message(from!, to!, 'admin'), 'Only a version in review can be approved or rejected');
  });

  test('the buttons a production version shows', () => {
    const member = { canModifyManifests: true, isPlatformAdmin: false };
    const viewer = { canModifyManifests: false, isPlatformAdmin: false };
    const staff = { canModifyManifests: false, isPlatformAdmin: true };
    assert.deepEqual(reviewActions({ state: 'confidential', submittable: true }, member), ['submit']);
    assert.deepEqual(reviewActions({ state: 'confidential', submittable: false }, member), []);
    assert.deepEqual(reviewActions({ state: 'confidential', submittable: true }, viewer), []);
    assert.deepEqual(reviewActions({ state: 'in_review', submittable: false }, member), ['withdraw']);
    assert.deepEqual(reviewActions({ state: 'in_review', submittable: false }, viewer), []);
    assert.deepEqual(reviewActions({ state: 'in_review', submittable: false }, staff), ['approve', 'reject']);
    assert.deepEqual(reviewActions({ state: 'published', submittable: false }, staff), []);
  });
});
