import { expect, test } from 'vitest';
import { i18n } from './i18n.ts';

test('a missing key renders a visible marker', () => {
  expect(i18n.t('nav.myApps')).toBe('My Apps');
  expect(i18n.t('no.such.key')).toBe('[missing "no.such.key" translation]');
});
