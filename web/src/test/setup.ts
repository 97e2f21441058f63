import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import '../app/i18n.ts';
import { server } from './server.ts';

// Routes and menus load lazily; on a loaded CI machine the first import of a chunk can take longer
// than testing-library's 1 s default, which made the first test of a file fail at random.
configure({ asyncUtilTimeout: 5_000 });

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
// Wide layout by default; narrow-layout tests resize.
Object.defineProperty(window, 'innerWidth', { writable: true, configurable: true, value: 1280 });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
