import type { AppSubmissions, Submission } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { configHandler, developer, runtimeConfig, server } from '../../test/server.ts';
import { app, signedIn } from '../apps/testing.ts';
import { manifest } from '../manifests/testing.ts';
import { completeDraft } from './testing.ts';

const enabled = { ...app, marketplace_enabled: true };

/** The developer's listing endpoints; the bodies of creates and saves are recorded. */
function listing(initial: AppSubmissions) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/v1/developer_apps/a1/submissions', () => HttpResponse.json(initial)),
    http.get('/api/v1/manifests', () =>
      HttpResponse.json([manifest({ id: 'v-1', environment: 'Production', semantic_version: '1.0.0' })]),
    ),
    http.post('/api/v1/developer_apps/a1/submissions', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return HttpResponse.json({ ...completeDraft, ...body }, { status: 201 });
    }),
  );
  return bodies;
}

const editor = async () => screen.findByRole('region', { name: 'Marketplace Listing' });

/** Whether a label (an input's, a group's or a drop zone's) carries the required asterisk. */
const isMarked = (root: HTMLElement, label: string) =>
  within(root).queryAllByText(
    (_, element) =>
      element?.textContent === `${label} *` &&
      ![...element.children].some((child) => child.textContent === `${label} *`),
  ).length > 0;

test('every field the review requires carries an asterisk, App version and Showcase video included', async () => {
  signedIn(enabled);
  listing({ published_app: null, unpublished_app: completeDraft });
  renderRoute('/developer_apps/a1');
  const card = await editor();
  await within(card).findByText('6 of 6 sections completed');
  const required: [RegExp, string[]][] = [
    [
      /App Information/,
      [
        'Public name',
        'Tagline',
        'Categories',
        'Description',
        'How it works',
        'About the company',
        'Built by',
        'Sold by',
      ],
    ],
    [/Media Content/, ['Logo', 'Screenshots', 'Showcase video']],
    [
      /Pricing/,
      [
        'Pricing description',
        'Does the app offer a free trial?',
        'Is a connector required?',
        'Is a subscription required?',
        'Regions and countries',
      ],
    ],
    [/Contact/, ['Contact option']],
  ];
  for (const [tab, labels] of required) {
    await userEvent.click(within(card).getByRole('tab', { name: tab }));
    for (const label of labels) expect([label, isMarked(card, label)]).toEqual([label, true]);
  }
  await userEvent.click(within(card).getByRole('tab', { name: /App Information/ }));
  expect(within(card).getByRole('combobox', { name: 'App version' })).toBeRequired();
  expect(within(card).getByRole('textbox', { name: 'Notes for the reviewer' })).toBeRequired();
  // The optional ones do not.
  await userEvent.click(within(card).getByRole('tab', { name: /Pricing/ }));
  expect(within(card).getByRole('textbox', { name: 'Pricing URL' })).not.toBeRequired();
  await userEvent.click(within(card).getByRole('tab', { name: /Media Content/ }));
  expect(isMarked(card, 'Other videos')).toBe(false);
  expect(within(card).getByText('Other videos')).toBeInTheDocument();
});

test('the progress says which tabs it counts and which are optional', async () => {
  signedIn(enabled);
  listing({ published_app: null, unpublished_app: completeDraft });
  renderRoute('/developer_apps/a1');
  const card = await editor();
  expect(
    await within(card).findByText(
      /Counted: App Information, Media Content, Pricing & Availability, Support, Features, and Contact\. Optional: Links, Required Procore Tools, and Integration Requirements\./,
    ),
  ).toBeInTheDocument();
  expect(
    within(card).getByText(/Fields marked \* must be filled in to submit for review\./),
  ).toBeInTheDocument();
});

test('a refused Submit opens the first failing tab and focuses its first failing field, naming the tabs to fix', async () => {
  signedIn(enabled);
  listing({
    published_app: null,
    unpublished_app: { ...completeDraft, showcase_video: null, support_email: null } satisfies Submission,
  });
  renderRoute('/developer_apps/a1');
  const card = await editor();
  await userEvent.click(await within(card).findByRole('tab', { name: /Features/ }));
  await userEvent.click(within(card).getByRole('button', { name: 'Submit for Review' }));
  const banner = await within(card).findByRole('alert', { name: 'Error' });
  expect(banner).toHaveTextContent('Please correct the errors below before submitting for review');
  expect(banner).toHaveTextContent('Fix the tabs Media Content and Support.');
  expect(within(card).getByRole('tab', { name: /Media Content/ })).toHaveAttribute('aria-selected', 'true');
  await waitFor(() => expect(within(card).getByRole('button', { name: /^Showcase video:/ })).toHaveFocus());
});

test('a refused Submit focuses a text field of the first failing tab', async () => {
  signedIn(enabled);
  listing({ published_app: null, unpublished_app: { ...completeDraft, tagline: null } });
  renderRoute('/developer_apps/a1');
  const card = await editor();
  await userEvent.click(await within(card).findByRole('tab', { name: /Support/ }));
  await userEvent.click(within(card).getByRole('button', { name: 'Submit for Review' }));
  expect(await within(card).findByRole('alert', { name: 'Error' })).toHaveTextContent(
    'Fix the tab App Information.',
  );
  await waitFor(() => expect(within(card).getByRole('textbox', { name: 'Tagline' })).toHaveFocus());
});

test("a first listing starts with the app's name as its public name, and its first save sends it", async () => {
  signedIn({ ...enabled, name: 'Field Sync Pro', internal_name: 'fs-internal' });
  const bodies = listing({ published_app: null, unpublished_app: null });
  renderRoute('/developer_apps/a1');
  const card = await editor();
  const name = await within(card).findByRole('textbox', { name: 'Public name' });
  expect(name).toHaveValue('Field Sync Pro');
  // Not an unsaved change of the person's own.
  expect(within(card).queryByText('Unsaved changes')).toBeNull();
  expect(within(card).getByRole('button', { name: 'Save Draft' })).toBeDisabled();
  await userEvent.type(within(card).getByRole('textbox', { name: 'Tagline' }), 'Sync it');
  await userEvent.click(within(card).getByRole('button', { name: 'Save Draft' }));
  await waitFor(() => expect(bodies).toHaveLength(1));
  expect(bodies[0]).toMatchObject({ public_name: 'Field Sync Pro', tagline: 'Sync it' });
});

test('the security questions are marked, and a detail once its answer is yes', async () => {
  signedIn(enabled);
  server.use(configHandler(runtimeConfig({ user: developer, security_and_compliance_enabled: true })));
  listing({ published_app: null, unpublished_app: completeDraft });
  renderRoute('/developer_apps/a1');
  const card = await editor();
  await userEvent.click(await within(card).findByRole('tab', { name: /Security & Compliance/ }));
  await userEvent.click(within(card).getByRole('switch', { name: /Show the security questionnaire/ }));
  for (const label of [
    'Company legal name',
    'Headquarters country',
    'Countries where data is processed',
    'Do you have a security contact?',
  ])
    expect([label, isMarked(card, label)]).toEqual([label, true]);
  expect(isMarked(card, 'Company headquarters')).toBe(false);
  expect(isMarked(card, 'Security contact email')).toBe(false);
  const contact = within(card).getByRole('radiogroup', { name: 'Do you have a security contact?' });
  await userEvent.click(within(contact).getByRole('radio', { name: 'Yes' }));
  expect(isMarked(card, 'Security contact email')).toBe(true);
});
