import { type BrowserContext, expect, type Page } from '@playwright/test';

/**
 * Arms every page of the context: the canary the payloads call, and a record of every dialog
 * (alert/confirm/prompt) any page opens. Init scripts run in every frame, so a same-origin iframe
 * calling `parent.__xss()` is caught too.
 */
export async function armXssCanary(context: BrowserContext): Promise<string[]> {
  await context.addInitScript(() => {
    const w = window as unknown as { __xss: () => void; __xss_hit?: number };
    w.__xss = () => {
      w.__xss_hit = (w.__xss_hit ?? 0) + 1;
    };
  });
  const dialogs: string[] = [];
  const watch = (page: Page) =>
    page.on('dialog', (dialog) => {
      dialogs.push(`${page.url()}: ${dialog.type()} ${dialog.message()}`);
      void dialog.dismiss().catch(() => {});
    });
  context.pages().forEach(watch);
  context.on('page', watch);
  return dialogs;
}

/** Elements that must never come out of the markdown renderer or an e-mail body. */
const BANNED_TAGS = [
  'SCRIPT',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'BASE',
  'META',
  'FORM',
  'INPUT',
  'STYLE',
  'SVG',
  'MATH',
];

/**
 * Nothing ran (no dialog, canary untouched) and nothing is armed to run later: no `on*` attribute,
 * no script-bearing URL, and no dangerous element inside rendered markdown (`scope`).
 */
export async function expectNothingExecuted(page: Page, dialogs: string[], scope = '[data-markdown]') {
  expect(dialogs, 'dialogs opened by a payload').toEqual([]);
  const found = await page.evaluate(
    ({ scope, banned }) => {
      // The scheme as the browser's own URL parser sees it (it drops tabs, newlines and leading controls).
      const unsafeUrl = (value: string) => {
        try {
          return ['javascript:', 'data:', 'vbscript:'].includes(new URL(value, location.href).protocol);
        } catch {
          return false;
        }
      };
      const hits: string[] = [];
      const w = window as unknown as { __xss_hit?: number };
      if (w.__xss_hit) hits.push(`canary called ${w.__xss_hit} time(s)`);
      for (const el of Array.from(document.querySelectorAll(`${scope} *`))) {
        if (banned.includes(el.tagName.toUpperCase())) hits.push(`<${el.tagName}> in ${scope}`);
      }
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        for (const attr of Array.from(el.attributes)) {
          if (/^on/i.test(attr.name)) hits.push(`${el.tagName}[${attr.name}]`);
          if (/^(href|src|action|data|formaction|xlink:href)$/i.test(attr.name) && unsafeUrl(attr.value))
            hits.push(`${el.tagName}[${attr.name}=${attr.value}]`);
        }
      }
      return hits;
    },
    { scope, banned: BANNED_TAGS },
  );
  expect(found, `executed or executable payloads on ${page.url()}`).toEqual([]);
}
