import type { Attachment, Submission } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, test, vi } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { app, signedIn } from '../apps/testing.ts';
import { completeDraft } from './testing.ts';

// jsdom has no object URLs; the drop zone's preview only needs a string.
URL.createObjectURL = vi.fn(() => 'blob:preview');
URL.revokeObjectURL = vi.fn();

const CHANGED = 'The listing changed meanwhile; reload it and try again';

const media = (id: string, type: Attachment['type']): Attachment => ({
  ...completeDraft.pictures[0]!,
  id,
  type,
  url: `/api/v1/marketplace/media/${id}`,
});

/**
 * The app's unpublished listing as the server keeps it, checked the way the server checks a save:
 * each write reads the listing's version when it arrives and is refused (409) when the listing's
 * version moved before it is applied. A POST with no listing creates the draft first. `hold()` keeps
 * the next write waiting (a slow upload) until its `release`. `requests` says what arrived, in order.
 */
function listingServer(start: Submission | null) {
  let listing = start;
  let ids = 0;
  let gate: Promise<void> | null = null;
  const requests: string[] = [];
  const write = async (request: Request) => {
    if (!listing) listing = { ...completeDraft, id: 'sub-new', pictures: [], small_logo: null, version: 1 };
    const text = await request.text();
    const what = text.includes('submission[small_logo]')
      ? 'logo'
      : text.includes('submission[pictures_attributes]')
        ? 'picture'
        : text;
    requests.push(`${request.method} ${new URL(request.url).pathname} ${what}`);
    const read = listing.version;
    const wait = gate;
    gate = null;
    await wait;
    if (listing.version !== read)
      return HttpResponse.json({ message: CHANGED, errors: [CHANGED], code: 'conflict' }, { status: 409 });
    const changes: Partial<Submission> =
      what === 'logo'
        ? { small_logo: media(`logo-${++ids}`, 'Logo') }
        : what === 'picture'
          ? { pictures: [...listing.pictures, media(`picture-${++ids}`, 'Picture')] }
          : (JSON.parse(text) as Partial<Submission>);
    listing = { ...listing, ...changes, version: read + 1 };
    return HttpResponse.json(listing, { status: request.method === 'POST' ? 201 : 200 });
  };
  server.use(
    http.get('/api/v1/developer_apps/a1/submissions', () =>
      HttpResponse.json({ published_app: null, unpublished_app: listing }),
    ),
    http.post('/api/v1/developer_apps/a1/submissions', ({ request }) => write(request)),
    http.patch('/api/v1/submissions/:id', ({ request, params }) =>
      params.id === listing?.id
        ? write(request)
        : HttpResponse.json({ message: 'Not found' }, { status: 404 }),
    ),
  );
  return {
    requests,
    current: () => listing,
    /** The next write waits until `release()`. */
    hold() {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return () => release();
    },
  };
}

const png = (name: string) => new File([new Uint8Array(64)], name, { type: 'image/png' });

async function mediaTab() {
  const card = await screen.findByRole('region', { name: 'Marketplace Listing' });
  await userEvent.click(await within(card).findByRole('tab', { name: /Media Content/ }));
  const input = (zone: RegExp) =>
    within(card).getByRole('button', { name: zone }).querySelector('input[type="file"]') as HTMLInputElement;
  return { card, input };
}

test('a first listing: a screenshot dropped while the logo creates the draft waits, then lands on that draft', async () => {
  signedIn({ ...app, marketplace_enabled: true });
  const fake = listingServer(null);
  renderRoute('/developer_apps/a1');
  const { card, input } = await mediaTab();

  const release = fake.hold();
  await userEvent.upload(input(/^Logo:/), png('logo.png'));
  await waitFor(() => expect(fake.requests).toHaveLength(1));
  await userEvent.upload(input(/^Add a screenshot:/), png('screen-1.png'));
  // The screenshot is not sent while the logo's save runs.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fake.requests).toEqual(['POST /api/v1/developer_apps/a1/submissions logo']);

  release();
  expect(await within(card).findByRole('button', { name: 'Remove screenshot 1' })).toBeInTheDocument();
  expect(await within(card).findByRole('button', { name: 'Remove logo' })).toBeInTheDocument();
  expect(fake.requests).toEqual([
    'POST /api/v1/developer_apps/a1/submissions logo',
    'PATCH /api/v1/submissions/sub-new picture',
  ]);
  expect(fake.current()).toMatchObject({
    version: 3,
    small_logo: { type: 'Logo' },
    pictures: [{ type: 'Picture' }],
  });
  expect(screen.queryByText(CHANGED)).toBeNull();
  expect(within(card).queryByRole('alert')).toBeNull();
});

test('Save Draft clicked while a screenshot uploads is sent after it; both land, and a later edit is kept', async () => {
  signedIn({ ...app, marketplace_enabled: true });
  const fake = listingServer(completeDraft);
  renderRoute('/developer_apps/a1');
  const { card, input } = await mediaTab();

  const release = fake.hold();
  await userEvent.upload(input(/^Add a screenshot:/), png('screen-4.png'));
  await waitFor(() => expect(fake.requests).toHaveLength(1));
  await userEvent.click(within(card).getByRole('tab', { name: /App Information/ }));
  const tagline = within(card).getByRole('textbox', { name: 'Tagline' });
  await userEvent.clear(tagline);
  await userEvent.type(tagline, 'Field data, synced');
  await userEvent.click(within(card).getByRole('button', { name: 'Save Draft' }));
  // Typed while the save waits: not sent, and not undone when the save answers.
  const name = within(card).getByRole('textbox', { name: 'Public name' });
  await userEvent.type(name, ' Pro');
  expect(fake.requests).toHaveLength(1);

  release();
  expect(await screen.findByText('Marketplace listing saved.')).toBeInTheDocument();
  expect(fake.requests).toEqual([
    'PATCH /api/v1/submissions/sub-1 picture',
    'PATCH /api/v1/submissions/sub-1 {"tagline":"Field data, synced"}',
  ]);
  expect(fake.current()).toMatchObject({ version: 3, tagline: 'Field data, synced' });
  expect(fake.current()?.pictures).toHaveLength(4);
  expect(name).toHaveValue('Field Sync Pro');
  expect(screen.queryByText(CHANGED)).toBeNull();
  expect(within(card).queryByRole('alert')).toBeNull();
});

test('a change made elsewhere meanwhile is still reported, and the next write goes ahead', async () => {
  signedIn({ ...app, marketplace_enabled: true });
  const fake = listingServer(completeDraft);
  let refuse = true;
  server.use(
    http.patch('/api/v1/submissions/:id', () => {
      if (!refuse) return;
      refuse = false;
      return HttpResponse.json({ message: CHANGED, errors: [CHANGED], code: 'conflict' }, { status: 409 });
    }),
  );
  renderRoute('/developer_apps/a1');
  const { card, input } = await mediaTab();

  await userEvent.upload(input(/^Add a screenshot:/), png('screen-4.png'));
  const banner = await within(card).findByRole('alert');
  expect(banner).toHaveTextContent(CHANGED);
  expect(fake.requests).toEqual([]);

  await userEvent.upload(input(/^Add a screenshot:/), png('screen-4.png'));
  expect(await within(card).findByRole('button', { name: 'Remove screenshot 4' })).toBeInTheDocument();
  expect(fake.requests).toEqual(['PATCH /api/v1/submissions/sub-1 picture']);
});
