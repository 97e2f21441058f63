import { describe, expect, test } from 'vitest';
import { cssVariablesResolver, theme } from './theme.ts';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('theme contrast (WCAG AA, 4.5:1)', () => {
  test.each(Object.entries(theme.colors ?? {}))('%s: text, filled and light variants', (_name, shades) => {
    expect(contrast(shades![6], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shades![9], shades![1])).toBeGreaterThanOrEqual(4.5);
  });

  test('the brand orange is the primary colour, at shade 6', () => {
    expect(theme.primaryColor).toBe('orange');
    expect(theme.primaryShade).toBe(6);
    expect(theme.colors?.orange?.[6]).toBe('#c2410c');
  });

  test('dimmed text', () => {
    const dimmed = cssVariablesResolver({} as never).light['--mantine-color-dimmed']!;
    expect(contrast(dimmed, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dimmed, '#f8f9fa')).toBeGreaterThanOrEqual(4.5);
  });
});
