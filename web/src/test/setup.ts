import '@testing-library/jest-dom/vitest';
import type { MantineProviderProps } from '@mantine/core';
import { cleanup, configure } from '@testing-library/react';
import { createElement } from 'react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import '../app/i18n.ts';
import { server } from './server.ts';

// Routes and menus load lazily; on a loaded CI machine the first import of a chunk can take longer
// than testing-library's 1 s default, which made the first test of a file fail at random.
configure({ asyncUtilTimeout: 15_000 });

// Mantine reads these browser APIs; jsdom does not have them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }),
});
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.HTMLElement.prototype.scrollIntoView = () => {};
// CodeMirror (the manifest editor) measures text through Range; jsdom's Range cannot, so it measures nothing.
Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
// Wide layout by default; narrow-layout tests resize.
Object.defineProperty(window, 'innerWidth', { writable: true, configurable: true, value: 1280 });

// Mantine's test environment, as its testing guide sets on MantineProvider: no transitions and no portals,
// and a popover is not hidden as "detached" from its target. jsdom lays every element out at 0 x 0, so
// without it an opened popover is `display: none` and its focus trap finds nothing to focus (and warns).
vi.mock('@mantine/core', async (importOriginal) => {
  const mantine = await importOriginal<typeof import('@mantine/core')>();
  const MantineProvider = (props: MantineProviderProps) =>
    createElement(mantine.MantineProvider, { ...props, env: 'test' });
  return { ...mantine, MantineProvider };
});

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
