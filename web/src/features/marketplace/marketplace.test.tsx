import type { AppSubmissions, Submission } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, test, vi } from 'vitest';
import { adminApp, serveAdminApp } from '../../test/admin-app.ts';
import { expectLink } from '../../test/links.ts';
import { renderRoute } from '../../test/render.tsx';
import {
  admin as adminUser,
  configHandler,
  developer,
  runtimeConfig,
  server,
  validationFailed,
} from '../../test/server.ts';
import { app, signedIn } from '../apps/testing.ts';
import { manifest } from '../manifests/testing.ts';
import { completeDraft, publicListing } from './testing.ts';

const enabled = { ...app, marketplace_enabled: true };

/** The app's listing endpoints (a PATCH's answer is what later reads see); PATCH bodies are recorded. */
function listing(initial: AppSubmissions, answer: (body: Record<string, unknown>) => Submission | Response) {
  const bodies: Record<string, unknown>[] = [];
  let data = initial;
  const respond = async (request: Request) => {
    const body = (await request.json()) as Record<string, unknown>;
    bodies.push(body);
    const result = answer(body);
    if (result instanceof Response) return result;
    data =
      result.state === 'published'
        ? { published_app: result, unpublished_app: null }
        : { ...data, unpublished_app: result };
    return HttpResponse.json(result);
  };
  server.use(
    http.get('/api/v1/developer_apps/a1/submissions', () => HttpResponse.json(data)),
    http.get('/api/v1/admin/developer_apps/a1/submissions', () => HttpResponse.json(data)),
    http.patch('/api/v1/submissions/:id', ({ request }) => respond(request)),
    http.patch('/api/v1/admin/submissions/:id', ({ request }) => respond(request)),
  );
  return bodies;
}

const editor = async () => screen.findByRole('region', { name: 'Marketplace Listing' });

/** The server's answer to a save of the draft: the draft with the saved fields, at version 2. */
const savedOver = (draft: Submission) => (body: Record<string, unknown>) => ({
  ...draft,
  ...body,
  version: 2,
});

/** Submit for Review on a listing that is not complete: the form refuses it with its banner. */
async function submitRefused(card: HTMLElement) {
  await userEvent.click(within(card).getByRole('button', { name: 'Submit for Review' }));
  expect(
    await within(card).findByText('Please correct the errors below before submitting for review'),
  ).toBeInTheDocument();
}

/** The admin app page (staff signed in) on its Marketplace Listing tab; PATCHes of the app are recorded. */
async function adminTab(overrides: Parameters<typeof adminApp>[0] = {}) {
  const patches = serveAdminApp(adminApp({ id: 'a1', marketplace_enabled: true, ...overrides }));
  const view = renderRoute('/admin/developer_apps/a1');
  await userEvent.click(await screen.findByRole('tab', { name: 'Marketplace Listing' }));
  return { ...view, patches };
}

test('until the marketplace is enabled the card shows the two partner cards with their forms', async () => {
  signedIn(app);
  renderRoute('/developer_apps/a1');
  const card = await editor();
  expect(within(card).getByRole('heading', { name: 'I am a current partner' })).toBeInTheDocument();
  expectLink(within(card), 'Request a listing', 'https://partners.example.com/listing');
  expectLink(within(card), 'Become a partner', 'https://partners.example.com/join');
});

test('a complete, saved draft: M of M sections, Submit asks to confirm and submits', async () => {
  signedIn(enabled);
  const bodies = listing({ published_app: null, unpublished_app: completeDraft }, (body) => ({
    ...completeDraft,
    ...(body.state === 'in_review'
      ? {
          state: 'in_review',
          permissions: { ...completeDraft.permissions, can_edit: false, can_withdraw: true },
        }
      : {}),
    version: 2,
  }));
  renderRoute('/developer_apps/a1');
  const card = await editor();
  expect(await within(card).findByText('6 of 6 sections completed')).toBeInTheDocument();
  // A draft shows developers no state banner (spec admin §4: unreviewed shows nothing).
  expect(within(card).queryByText(/This listing is a draft/)).toBeNull();
  await userEvent.click(within(card).getByRole('button', { name: 'Submit for Review' }));
  const dialog = await screen.findByRole('dialog', { name: 'Submit for Review?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(bodies).toEqual([{ state: 'in_review' }]));
  const inReview = await within(card).findByText(/Changes are locked until you withdraw it/);
  // In review is a success banner for developers (spec admin §4).
  expect(inReview.closest('[role="status"]')?.getAttribute('style')).toContain('green');
  expect(within(card).getByRole('textbox', { name: 'Public name' })).toHaveAttribute('readonly');
  expect(within(card).getByRole('button', { name: 'Withdraw from Review' })).toBeEnabled();
});

test('editing: Submit waits for a save; Save Draft sends only the change; errors show at the field and in the banner', async () => {
  signedIn(enabled);
  const bodies = listing({ published_app: null, unpublished_app: completeDraft }, () =>
    validationFailed({
      message: 'Validation failed',
      errors: ['Tagline: Character limit exceeded (100)'],
      fields: { tagline: ['Character limit exceeded (100)'] },
    }),
  );
  renderRoute('/developer_apps/a1');
  const card = await editor();
  const name = await within(card).findByRole('textbox', { name: 'Public name' });
  await userEvent.clear(name);
  await userEvent.type(name, 'Field Sync Pro');
  expect(within(card).getByRole('button', { name: 'Submit for Review' })).toBeDisabled();
  await userEvent.click(within(card).getByRole('button', { name: 'Save Draft' }));
  await waitFor(() => expect(bodies).toEqual([{ public_name: 'Field Sync Pro' }]));
  const banner = await within(card).findByRole('alert', { name: "Couldn't Save Marketplace Listing." });
  expect(banner).toHaveTextContent('The following errors occurred:');
  expect(banner).toHaveTextContent('Tagline: Character limit exceeded (100)');
  expect(within(card).getByText('Character limit exceeded (100)')).toBeInTheDocument();
  // The tab with the error has the red icon; editing the field clears its error.
  expect(within(card).getByRole('tab', { name: /App Information/ })).toContainElement(
    within(card).getByRole('img', { name: 'This tab has errors' }),
  );
  await userEvent.type(within(card).getByRole('textbox', { name: 'Tagline' }), '!');
  await waitFor(() => expect(within(card).queryByText('Character limit exceeded (100)')).toBeNull());
});

test('an incomplete draft: the progress counts, the tabs with problems are marked after a failed submit', async () => {
  signedIn(enabled);
  const draft: Submission = { ...completeDraft, support_email: null, pictures: [], version: 3 };
  listing({ published_app: null, unpublished_app: draft }, () => draft);
  renderRoute('/developer_apps/a1');
  const card = await editor();
  expect(await within(card).findByText('4 of 6 sections completed')).toBeInTheDocument();
  await submitRefused(card);
  expect(within(within(card).getByRole('tab', { name: /Support/ })).getByRole('img')).toHaveAccessibleName(
    'This tab has errors',
  );
  expect(within(within(card).getByRole('tab', { name: /Features/ })).queryByRole('img')).toBeNull();
  await userEvent.click(within(card).getByRole('tab', { name: /Support/ }));
  expect(within(card).getByText('This field is required')).toBeInTheDocument();
});

test('removing a screenshot asks "Delete File?" and sends its id in remove_media_ids', async () => {
  signedIn(enabled);
  const bodies = listing({ published_app: null, unpublished_app: completeDraft }, () => ({
    ...completeDraft,
    pictures: completeDraft.pictures.slice(1),
    version: 2,
  }));
  renderRoute('/developer_apps/a1');
  const card = await editor();
  await userEvent.click(await within(card).findByRole('tab', { name: /Media Content/ }));
  await userEvent.click(within(card).getByRole('button', { name: 'Remove screenshot 1' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete File?' });
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete File' }));
  await waitFor(() => expect(bodies).toEqual([{ remove_media_ids: ['p-1'] }]));
  await waitFor(() => expect(within(card).queryByRole('button', { name: 'Remove screenshot 3' })).toBeNull());
});

test('a rejected draft shows the reviewer notes and offers Resubmit', async () => {
  signedIn(enabled);
  const rejected: Submission = {
    ...completeDraft,
    approval_state: 'rejected',
    admin_message: '<p>Please add a <strong>better</strong> logo.</p>',
  };
  listing({ published_app: null, unpublished_app: rejected }, () => rejected);
  renderRoute('/developer_apps/a1');
  const card = await editor();
  const banner = await within(card).findByRole('status', { name: 'Rejected' });
  // The notes are expandable details, folded at first.
  expect(within(banner).getByText('Please add a', { exact: false })).not.toBeVisible();
  const toggle = within(banner).getByRole('button', { name: "Show the reviewer's notes" });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  expect(within(banner).getByText('Please add a', { exact: false })).toBeVisible();
  expect(banner).toHaveTextContent('Please add a better logo.');
  await userEvent.click(within(banner).getByRole('button', { name: "Hide the reviewer's notes" }));
  expect(within(banner).getByText('Please add a', { exact: false })).not.toBeVisible();
  expect(within(card).getByRole('button', { name: 'Resubmit for Review' })).toBeEnabled();
});

test('regions: all regions ticks every region; contact option learn-how clears the e-mail', async () => {
  signedIn(enabled);
  const bodies = listing({ published_app: null, unpublished_app: completeDraft }, savedOver(completeDraft));
  renderRoute('/developer_apps/a1');
  const card = await editor();
  await userEvent.click(await within(card).findByRole('tab', { name: /Pricing/ }));
  await userEvent.click(within(card).getByRole('checkbox', { name: 'All regions' }));
  expect(within(card).getByRole('checkbox', { name: 'Europe' })).toBeChecked();
  await userEvent.click(within(card).getByRole('checkbox', { name: 'Europe' }));
  expect(within(card).getByRole('checkbox', { name: 'All regions' })).not.toBeChecked();
  await userEvent.click(within(card).getByRole('tab', { name: /Contact/ }));
  await userEvent.click(within(card).getByRole('radio', { name: 'Learn how (a link)' }));
  await userEvent.type(
    within(card).getByRole('textbox', { name: 'Learn how URL' }),
    'https://acme.example.com/how',
  );
  await userEvent.click(within(card).getByRole('button', { name: 'Save Draft' }));
  await waitFor(() => expect(bodies).toHaveLength(1));
  expect(bodies[0]).toMatchObject({ contact_us_email: null, learn_how_url: 'https://acme.example.com/how' });
  expect(Object.values(bodies[0]!.countries as Record<string, boolean>)).toContain(true);
  expect((bodies[0]!.regions as Record<string, boolean>).europe).toBe(false);
});

test.each([
  ['a developer', false, developer],
  ['an employee', true, { ...developer, employee: true }],
  ['a platform admin who is not an employee', true, { ...adminUser, employee: false }],
])('contact options: %s is offered a lead: %s', async (_who, offered, user) => {
  signedIn(enabled);
  server.use(configHandler(runtimeConfig({ user })));
  listing({ published_app: null, unpublished_app: completeDraft }, savedOver(completeDraft));
  renderRoute('/developer_apps/a1');
  const card = await editor();
  await userEvent.click(await within(card).findByRole('tab', { name: /Contact/ }));
  await within(card).findByRole('radio', { name: 'Learn how (a link)' });
  expect(within(card).queryByRole('radio', { name: /lead/i }) !== null).toBe(offered);
});

test('admin mode: Save only when modified, Approve (publish silently) when unmodified and in review, markers', async () => {
  server.use(configHandler(runtimeConfig({ user: adminUser })));
  const inReview: Submission = {
    ...completeDraft,
    id: 'sub-2',
    state: 'in_review',
    tagline: 'A new tagline',
    permissions: { can_edit: true, can_submit: false, can_withdraw: true, can_review: true },
  };
  const published: Submission = {
    ...completeDraft,
    state: 'published',
    approval_state: 'approved',
    slug: 'field-sync',
  };
  const bodies = listing({ published_app: published, unpublished_app: inReview }, (body) => ({
    ...inReview,
    ...(body.approval_state === 'approved' ? { state: 'published', approval_state: 'approved' } : {}),
    version: 2,
  }));
  await adminTab();
  const save = await screen.findByRole('button', { name: 'Save' });
  expect(save).toBeDisabled();
  expectLink(screen, 'Preview', '/marketplace/previews/sub-2');
  // The tagline differs from the published listing: marked, with a copy button.
  expect(screen.getByText('Changed')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Copy Tagline' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('checkbox', { name: 'Publish silently' }));
  await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
  await waitFor(() => expect(bodies).toEqual([{ approval_state: 'approved', silent: true }]));
});

test('admin mode: the message is debounced into the form; Reject waits for the save', async () => {
  server.use(configHandler(runtimeConfig({ user: adminUser })));
  const inReview: Submission = { ...completeDraft, state: 'in_review' };
  const bodies = listing({ published_app: null, unpublished_app: inReview }, (body) => ({
    ...inReview,
    ...body,
    ...(body.approval_state === 'rejected' ? { state: 'draft', approval_state: 'rejected' } : {}),
    version: 2 + bodies.length,
  }));
  await adminTab();
  await userEvent.type(
    await screen.findByRole('textbox', { name: /Message to the developer/ }),
    'Fix the logo',
  );
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(bodies).toEqual([{ admin_message: 'Fix the logo' }]));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Reject' })).toBeEnabled());
  await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
  await waitFor(() =>
    expect(bodies[1]).toEqual({ approval_state: 'rejected', admin_message: 'Fix the logo' }),
  );
});

test('admin tab: the marketplace-enabled switch PATCHes the app; a deleted app has none', async () => {
  listing({ published_app: null, unpublished_app: completeDraft }, () => completeDraft);
  const { patches, unmount } = await adminTab({ marketplace_enabled: false });
  const toggle = await screen.findByRole('switch', { name: 'Marketplace enabled' });
  expect(toggle).not.toBeChecked();
  await userEvent.click(toggle);
  await waitFor(() => expect(toggle).toBeChecked());
  expect(patches).toEqual([{ developer_app: { marketplace_enabled: true } }]);
  unmount();

  await adminTab({ deleted_at: '2026-03-05T00:00:00.000Z' });
  expect(await screen.findByRole('textbox', { name: 'Public name' })).toBeInTheDocument();
  expect(screen.queryByRole('switch', { name: 'Marketplace enabled' })).toBeNull();
});

test('admin tab: leaving it with unsaved changes asks first; Cancel stays, OK leaves', async () => {
  listing({ published_app: null, unpublished_app: completeDraft }, () => completeDraft);
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
  await adminTab();
  const tagline = await screen.findByRole('textbox', { name: 'Tagline' });

  // Unmodified: the tab changes without a question.
  await userEvent.click(screen.getByRole('tab', { name: 'General' }));
  expect(confirm).not.toHaveBeenCalled();
  expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  await userEvent.click(screen.getByRole('tab', { name: 'Marketplace Listing' }));

  await userEvent.type(await screen.findByRole('textbox', { name: 'Tagline' }), ' today');
  await userEvent.click(screen.getByRole('tab', { name: 'General' }));
  expect(confirm).toHaveBeenCalledWith('You have unsaved changes, are you sure you wish to continue?');
  expect(screen.getByRole('tab', { name: 'Marketplace Listing' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('textbox', { name: 'Tagline' })).toHaveValue(`${completeDraft.tagline} today`);

  confirm.mockReturnValue(true);
  await userEvent.click(screen.getByRole('tab', { name: 'Metrics' }));
  expect(confirm).toHaveBeenCalledTimes(2);
  expect(screen.getByRole('tab', { name: 'Metrics' })).toHaveAttribute('aria-selected', 'true');
  expect(tagline).not.toBeInTheDocument();
  confirm.mockRestore();
});

test('the public marketplace lists published apps and shows one', async () => {
  server.use(
    http.get('/api/v1/marketplace/apps', () =>
      HttpResponse.json(
        [
          {
            slug: 'field-sync',
            developer_app_id: 'a1',
            public_name: 'Field Sync',
            tagline: 'Sync field data',
            small_logo_url: null,
            categories: [{ id: 1, label: 'Project Management' }],
            built_by: 'Acme',
            beta: false,
            security_badge: false,
            made_by_procore: false,
            procore_certified_partner: false,
            is_concierge_app: false,
            published_at: null,
          },
        ],
        { headers: { Total: '1', 'Per-Page': '24' } },
      ),
    ),
    http.get('/api/v1/marketplace/apps/field-sync', () => HttpResponse.json(publicListing)),
  );
  renderRoute('/marketplace');
  await userEvent.click(await screen.findByRole('link', { name: /^Field Sync/ }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Field Sync' })).toBeInTheDocument();
  expectLink(screen, 'Contact us', 'mailto:sales@acme.example.com');
  expect(screen.getByText('Fast')).toBeInTheDocument();
  expect(screen.getByText('Certified partner')).toBeInTheDocument();
});

test('security: the switch shows a toast and the questions; details open on yes; the tearsheet reads them', async () => {
  signedIn(enabled);
  server.use(configHandler(runtimeConfig({ user: developer, security_and_compliance_enabled: true })));
  listing({ published_app: null, unpublished_app: completeDraft }, () => completeDraft);
  renderRoute('/developer_apps/a1');
  const card = await editor();
  // Seven required sections with the questionnaire tab shown.
  expect(await within(card).findByText('7 of 7 sections completed')).toBeInTheDocument();
  await userEvent.click(within(card).getByRole('tab', { name: /Security & Compliance/ }));
  await userEvent.click(within(card).getByRole('switch', { name: /Show the security questionnaire/ }));
  expect(await screen.findByText('Security questionnaire enabled')).toBeInTheDocument();
  const email = within(card).getByRole('textbox', { name: 'Security contact email' });
  expect(email).toBeDisabled();
  const contact = within(card).getByRole('radiogroup', { name: 'Do you have a security contact?' });
  await userEvent.click(within(contact).getByRole('radio', { name: 'Yes' }));
  expect(email).toBeEnabled();
  await userEvent.type(email, 'security@acme.example.com');
  await userEvent.click(within(card).getByRole('button', { name: 'View the questionnaire' }));
  const sheet = await screen.findByRole('dialog', { name: 'Security questionnaire' });
  expect(within(sheet).getByRole('heading', { name: 'Security program' })).toBeInTheDocument();
  expect(within(sheet).getByText('security@acme.example.com')).toBeInTheDocument();
  await userEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Security questionnaire' })).toBeNull());
});

test('links: one row always remains; a row is added from the last one, up to three', async () => {
  signedIn(enabled);
  listing({ published_app: null, unpublished_app: completeDraft }, () => completeDraft);
  renderRoute('/developer_apps/a1');
  const card = await editor();
  await userEvent.click(await within(card).findByRole('tab', { name: /Links/ }));
  expect(within(card).getByRole('textbox', { name: 'Link 1 label' })).toBeInTheDocument();
  expect(within(card).queryByRole('button', { name: 'Remove link 1' })).toBeNull();
  await userEvent.click(within(card).getByRole('button', { name: 'Add link' }));
  await userEvent.click(within(card).getByRole('button', { name: 'Add link' }));
  expect(within(card).getByRole('textbox', { name: 'Link 3 label' })).toBeInTheDocument();
  expect(within(card).queryByRole('button', { name: 'Add link' })).toBeNull();
  await userEvent.type(within(card).getByRole('textbox', { name: 'Link 2 URL' }), 'not a url');
  expect(within(card).getByText('This URL is invalid')).toBeInTheDocument();
  await userEvent.click(within(card).getByRole('button', { name: 'Remove link 2' }));
  expect(within(card).queryByText('This URL is invalid')).toBeNull();
});

test('leaving with unsaved changes asks first; staying keeps the edit', async () => {
  signedIn(enabled);
  listing({ published_app: null, unpublished_app: completeDraft }, () => completeDraft);
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
  const { router } = renderRoute('/developer_apps/a1');
  const card = await editor();
  await userEvent.type(await within(card).findByRole('textbox', { name: 'Public name' }), ' Pro');
  await userEvent.click(screen.getByRole('link', { name: 'My Apps' }));
  expect(confirm).toHaveBeenCalledWith('You have unsaved changes, are you sure you wish to continue?');
  expect(router.state.location.pathname).toBe('/developer_apps/a1');
  expect(within(card).getByRole('textbox', { name: 'Public name' })).toHaveValue('Field Sync Pro');
  confirm.mockReturnValue(true);
  // My Apps, where OK leads, lists the apps.
  server.use(
    http.get('/api/v1/developer_apps', () =>
      HttpResponse.json([], { headers: { Total: '0', 'Per-Page': '25' } }),
    ),
  );
  await userEvent.click(screen.getByRole('link', { name: 'My Apps' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/developer_apps'));
  confirm.mockRestore();
});

test('the version picker offers the production versions; without one Submit fails at the picker; the pick saves the id with its label', async () => {
  signedIn(enabled);
  server.use(
    http.get('/api/v1/manifests', ({ request }) => {
      const search = new URL(request.url).searchParams;
      expect(search.get('filters[developer_app_id]')).toBe('a1');
      return HttpResponse.json([
        manifest({
          id: 'v-2',
          app_version_id: 'v-2',
          version: 2,
          semantic_version: '1.1.0',
          environment: 'Production',
        }),
        manifest({
          id: 'v-1',
          app_version_id: 'v-1',
          version: 1,
          semantic_version: '1.0.0',
          environment: 'Production',
        }),
      ]);
    }),
  );
  const unversioned: Submission = { ...completeDraft, app_version_id: null, app_version: null };
  const bodies = listing({ published_app: null, unpublished_app: unversioned }, savedOver(unversioned));
  renderRoute('/developer_apps/a1');
  const card = await editor();
  // The version is required for review (spec developer-apps §5): App Information is not complete without it.
  expect(await within(card).findByText('5 of 6 sections completed')).toBeInTheDocument();
  await submitRefused(card);
  const picker = within(card).getByRole('combobox', { name: 'App version' });
  expect(picker).toHaveAccessibleDescription(/This field is required/);
  expect(
    within(within(card).getByRole('tab', { name: /App Information/ })).getByRole('img'),
  ).toHaveAccessibleName('This tab has errors');
  await userEvent.click(picker);
  await userEvent.click(await screen.findByRole('option', { name: '1.1.0' }));
  await userEvent.click(within(card).getByRole('button', { name: 'Save Draft' }));
  expect(within(card).getByRole('combobox', { name: 'App version' })).not.toHaveAccessibleDescription(
    /This field is required/,
  );
  await waitFor(() => expect(bodies).toEqual([{ app_version_id: 'v-2', app_version: '1.1.0' }]));
});

test('admin mode: the questionnaire document: a PDF dropzone, then a link and its removal', async () => {
  server.use(configHandler(runtimeConfig({ user: adminUser })));
  const withDocument: Submission = {
    ...completeDraft,
    security_questionnaire_document: {
      ...completeDraft.pictures[0]!,
      id: 'doc-1',
      type: 'Document',
      original_filename: 'security.pdf',
      url: '/api/v1/marketplace/media/doc-1',
    },
  };
  const bodies = listing({ published_app: null, unpublished_app: withDocument }, () => ({
    ...completeDraft,
    version: 2,
  }));
  await adminTab();
  expect(await screen.findByRole('link', { name: 'security.pdf' })).toHaveAttribute(
    'href',
    '/api/v1/marketplace/media/doc-1',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Remove document' }));
  await userEvent.click(
    within(await screen.findByRole('dialog', { name: 'Delete File?' })).getByRole('button', {
      name: 'Delete File',
    }),
  );
  await waitFor(() => expect(bodies).toEqual([{ remove_media_ids: ['doc-1'] }]));
  const zone = await screen.findByRole('button', { name: /^Security questionnaire document:/ });
  expect(zone.querySelector('input[type="file"]')).toHaveAttribute('accept', 'application/pdf');
});

test('a listing that cannot be read: the two messages of spec developer-apps §8', async () => {
  signedIn(enabled);
  server.use(
    http.get('/api/v1/developer_apps/a1/submissions', () =>
      HttpResponse.json(
        { message: 'Database unavailable', errors: [], code: 'unavailable' },
        { status: 503 },
      ),
    ),
  );
  renderRoute('/developer_apps/a1');
  const card = await screen.findByRole('region', { name: 'Marketplace Listing' });
  expect(await within(card).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
    'Error: unable to retrieve marketplace app. An error occurred while loading the marketplace listing.',
  );
});
