import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  compareManifestVersions,
  compareSemanticVersions,
  nextSemanticVersion,
  parseSemanticVersion,
} from './semantic-versions.ts';

describe('semantic versions', () => {
  test('parse major.minor.patch only, without leading zeros', () => {
    assert.deepEqual(parseSemanticVersion('1.20.3'), [1, 20, 3]);
    assert.deepEqual(parseSemanticVersion('0.0.0'), [0, 0, 0]);
    for (const bad of [
      '1.2',
      '1.2.3.4',
      'v1.2.3',
      '01.2.3',
      '1.2.x',
      ' 1.2.3',
      '1.2.3-beta',
      '',
      null,
      undefined,
    ])
      assert.equal(parseSemanticVersion(bad), null, String(bad));
  });

  test('compare numerically per segment: 0.10.0 is above 0.9.0', () => {
    assert.equal(compareSemanticVersions('0.10.0', '0.9.0'), 1);
    assert.equal(compareSemanticVersions('1.0.0', '0.99.99'), 1);
    assert.equal(compareSemanticVersions('1.2.3', '1.2.3'), 0);
    assert.equal(compareSemanticVersions('1.2.3', '1.2.10'), -1);
    // Something that is not a semantic version sorts below every one that is.
    assert.equal(compareSemanticVersions('nope', '0.0.1'), -1);
    assert.equal(compareSemanticVersions('0.0.1', null), 1);
    assert.equal(compareSemanticVersions(null, 'nope'), 0);
  });

  test("why the spec's helper (segments compared as strings) is not used for ordering", () => {
    // Spec admin §5 names a helper that compares version segments as strings. As strings, "10" < "9",
    // so 0.10.0 would sort below 0.9.0 and a newer sandbox version would look older than production:
    // the header would say Unknown State instead of Ready for Testing, and Promote would be hidden.
    const asStrings = (a: string, b: string) => {
      const [x, y] = [a.split('.'), b.split('.')];
      for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
      return 0;
    };
    assert.equal(asStrings('0.10.0', '0.9.0'), -1);
    assert.equal(compareSemanticVersions('0.10.0', '0.9.0'), 1);
    const sorted = ['0.9.0', '0.10.0', '0.2.0'].sort(compareSemanticVersions);
    assert.deepEqual(sorted, ['0.2.0', '0.9.0', '0.10.0']);
  });

  test('the suggestion is the last version with minor + 1, else 0.1.0, and above the published one', () => {
    assert.equal(nextSemanticVersion(), '0.1.0');
    assert.equal(nextSemanticVersion(null, null), '0.1.0');
    assert.equal(nextSemanticVersion('not a version'), '0.1.0');
    assert.equal(nextSemanticVersion('0.1.0'), '0.2.0');
    assert.equal(nextSemanticVersion('1.9.4'), '1.10.0');
    assert.equal(nextSemanticVersion('0.3.0', '1.2.0'), '1.3.0');
    assert.equal(nextSemanticVersion('2.0.0', '1.2.0'), '2.1.0');
    assert.equal(nextSemanticVersion(null, '1.0.0'), '1.1.0');
  });

  test('manifest versions compare by number; semantic versions must agree with it', () => {
    const v = (version: number, semantic_version: string | null) => ({ version, semantic_version });
    assert.equal(compareManifestVersions(v(2, '0.10.0'), v(1, '0.9.0')), 1);
    assert.equal(compareManifestVersions(v(3, '1.0.0'), v(3, '1.0.0')), 0);
    assert.equal(compareManifestVersions(v(1, '0.1.0'), v(2, '0.2.0')), -1);
    // Without a semantic version on either side, the numbers decide.
    assert.equal(compareManifestVersions(v(3, null), v(2, '9.0.0')), 1);
    assert.equal(compareManifestVersions(v(1, null), v(2, null)), -1);
    // Number and semantic version disagree: the versions are different, not ordered.
    assert.ok(Number.isNaN(compareManifestVersions(v(3, '0.1.0'), v(2, '0.2.0'))));
    assert.ok(Number.isNaN(compareManifestVersions(v(2, '0.2.0'), v(2, '0.3.0'))));
  });
});
