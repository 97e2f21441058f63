// The timings of spec developer-apps §4 and §9, to the millisecond, on a fake clock: validation 1000 ms after
// the last keystroke, 'copied' for 1500 ms, the copy toast for 2 s.
import { notificationsStore } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers.tsx';
import { server } from '../../../test/server.ts';
import { useManifestValidation } from '../editor/use-manifest-validation.ts';
import { CopyJsonButton } from './view-manifest-modal.tsx';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets the fake clock move, with promises (fetches, lazy chunks) settled on the way. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

test('the server is asked 1000 ms after the last keystroke, not before', async () => {
  const asked: unknown[] = [];
  server.use(
    http.post('/api/v1/manifest_validations', async ({ request }) => {
      asked.push(await request.json());
      return HttpResponse.json({ errors: [] });
    }),
  );
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const first = '{"schema_version": "4.1"}';
  const { result, rerender } = renderHook(({ text }) => useManifestValidation('a1', 'Sandbox', text), {
    wrapper,
    initialProps: { text: first },
  });
  // The draft the editor opens with is validated at once.
  await advance(0);
  await vi.waitFor(() => expect(result.current.state.status).toBe('passed'));
  expect(asked).toHaveLength(1);

  rerender({ text: '{"schema_version": "3"' });
  rerender({ text: '{"schema_version": "3", "components": {}}' });
  expect(result.current.state.status).toBe('pending');
  await advance(999);
  expect(asked).toHaveLength(1);
  expect(result.current.state.status).toBe('pending');
  await advance(1);
  await vi.waitFor(() => expect(asked).toHaveLength(2));
  expect(asked[1]).toEqual({ manifest: { content: { schema_version: '3', components: {} } } });
  await vi.waitFor(() => expect(result.current.state.status).toBe('passed'));
});

test("'copied' shows for 1500 ms and the toast hides after 2 s", async () => {
  // user-event and the lazily loaded toast container need the clock to move by itself too, so
  // every check is placed by the (fake) time since the click, with 50 ms or more of margin.
  vi.useRealTimers();
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(
    <AppProviders client={createQueryClient()}>
      <CopyJsonButton text='{"schema_version": "3"}' />
    </AppProviders>,
  );
  const clicked = Date.now();
  const at = (from: number, ms: number) => advance(Math.max(0, from + ms - Date.now()));
  await user.click(screen.getByRole('button', { name: 'Copy' }));
  expect(await navigator.clipboard.readText()).toBe('{"schema_version": "3"}');
  expect(screen.getByRole('button', { name: 'copied' })).toBeInTheDocument();
  await at(clicked, 1400);
  expect(screen.getByRole('button', { name: 'copied' })).toBeInTheDocument();
  await at(clicked, 1550);
  expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();

  // The toast outlives the in-place confirmation: it closes itself 2 s after it is shown (the
  // container that shows it loads on first use, so its clock starts then).
  const toast = 'Manifest copied to the clipboard';
  await screen.findByText(toast);
  const { notifications, queue } = notificationsStore.getState();
  expect([...notifications, ...queue].map((shown) => shown.autoClose)).toEqual([2000]);
  await at(Date.now(), 2600);
  expect(screen.queryByText(toast)).toBeNull();
});
