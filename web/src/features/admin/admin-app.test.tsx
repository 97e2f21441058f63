import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { adminApp, serveAdminApp as serve } from '../../test/admin-app.ts';
import { expectLink } from '../../test/links.ts';
import { renderRoute } from '../../test/render.tsx';
import {
  admin,
  configHandler,
  fieldRefused,
  runtimeConfig,
  server,
  validationFailed,
} from '../../test/server.ts';
import { liveSandbox } from '../apps/testing.ts';
import { manifest, manifestsApi } from '../manifests/testing.ts';

URL.createObjectURL = vi.fn(() => 'blob:preview');

/** The page's own tabs (the first tab list; the Manifests section has its own below). */
const pageTabs = () =>
  within(screen.getAllByRole('tablist')[0]!)
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

describe('admin developer app page', () => {
  test('title, tabs, owner info and metadata; no banner when the owner matches', async () => {
    serve(adminApp());
    renderRoute('/admin/developer_apps/app-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit - Crane Log' })).toBeInTheDocument();
    expect(pageTabs()).toEqual(['General', 'Sandbox', 'Marketplace Listing', 'Metrics']);
    expect(screen.getByText('Not Deleted')).toBeInTheDocument();
    expect(screen.getByText('1000001')).toBeInTheDocument();
    expect(screen.queryByText('owner differs between Procore and the Developer portal')).toBeNull();
    expectLink(screen, 'Add integration request contact', '/admin/developer_apps/app-1/contacts/new');
  });

  test('a waiting marketplace access request is named at the Marketplace enabled switch', async () => {
    serve(adminApp({ marketplace_access_requested_at: '2026-03-07T10:00:00.000Z' }));
    renderRoute('/admin/developer_apps/app-1');
    expect(
      await screen.findByText(
        'The developer asked for it on 2026-03-07 (in the review queue); turning it on answers the request.',
      ),
    ).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: /^Marketplace enabled/ });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      'The developer asked for it on 2026-03-07 (in the review queue); turning it on answers the request.',
    );
  });

  test('FedRAMP hides the Sandbox and Metrics tabs', async () => {
    serve(adminApp());
    server.use(configHandler(runtimeConfig({ user: admin, fedramp: true })));
    renderRoute('/admin/developer_apps/app-1');
    await screen.findByRole('heading', { level: 1, name: 'Edit - Crane Log' });
    expect(pageTabs()).toEqual(['General', 'Marketplace Listing']);
  });

  test('the info banners: owner differs, or no production credentials', async () => {
    serve(adminApp({ external_procore_owner_id: 5 }));
    const { unmount } = renderRoute('/admin/developer_apps/app-1');
    expect(
      await screen.findByText('owner differs between Procore and the Developer portal'),
    ).toBeInTheDocument();
    unmount();
    serve(adminApp({ uid: null }));
    renderRoute('/admin/developer_apps/app-1');
    expect(await screen.findByText('This app has not generated production credentials')).toBeInTheDocument();
  });

  test('a deleted app: (DELETED) in the title, Undelete says App Undeleted!', async () => {
    const patches = serve(adminApp({ deleted_at: '2026-03-05T00:00:00.000Z' }));
    renderRoute('/admin/developer_apps/app-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit - Crane Log (DELETED)' }),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Undelete' }));
    expect(await screen.findByText('App Undeleted!')).toBeInTheDocument();
    expect(patches).toEqual([{ developer_app: { deleted_at: null } }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit - Crane Log' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undelete' })).toBeNull();
  });

  test('change owner sets it locally; Save applies it and says App Updated!', async () => {
    const patches = serve(adminApp());
    renderRoute('/admin/developer_apps/app-1');
    await screen.findByRole('heading', { level: 1, name: 'Edit - Crane Log' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change Owner' }));
    const input = screen.getAllByLabelText('New owner').find((el) => el.tagName === 'INPUT')!;
    await user.type(input, 'zed');
    await user.click(await screen.findByRole('option', { name: 'zed@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Choose owner' }));
    expect(await screen.findByText('New owner: save the app to apply it.')).toBeInTheDocument();
    expect(patches).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('App Updated!')).toBeInTheDocument();
    expect((patches[0] as { developer_app: { owner_id: string } }).developer_app.owner_id).toBe('u9');
    await waitFor(() => expect(screen.getByText('Zed')).toBeInTheDocument());
  });

  test('a failed save shows Could not save; a failed load shows Could not load', async () => {
    serve(adminApp());
    server.use(
      http.patch('/api/v1/admin/developer_apps/app-1', () =>
        validationFailed({
          message: 'Validation failed',
          errors: ['Internal name is required'],
          request_id: 'r',
        }),
      ),
    );
    const { unmount } = renderRoute('/admin/developer_apps/app-1');
    await screen.findByRole('heading', { level: 1, name: 'Edit - Crane Log' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Public name' }), 'X');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Could not save')).toBeInTheDocument();
    unmount();
    server.use(
      http.get('/api/v1/admin/developer_apps/app-1', () =>
        HttpResponse.json(
          { message: 'Developer app not found', errors: [], code: 'not_found', request_id: 'r' },
          { status: 404 },
        ),
      ),
    );
    renderRoute('/admin/developer_apps/app-1');
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
  });

  test('production manifests: staff approve the version in review with notes and see it Approved', async () => {
    serve(adminApp());
    const api = manifestsApi([
      manifest({ id: 'p-1', environment: 'Production', semantic_version: '1.0.0', state: 'published' }),
      manifest({
        id: 'p-2',
        environment: 'Production',
        semantic_version: '1.1.0',
        state: 'in_review',
        developer_notes: 'Adds the daily log view.',
      }),
    ]);
    renderRoute('/admin/developer_apps/app-1');
    const section = await screen.findByRole('region', { name: 'Manifests' });
    // The sandbox tab is the default (spec admin §4).
    expect(within(section).getByRole('tab', { name: 'Sandbox' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(within(section).getByRole('tab', { name: 'Production' }));
    const row = (await within(section).findByText('1.1.0')).closest('tr')!;
    expect(within(row).getByText('From the developer: Adds the daily log view.')).toBeInTheDocument();
    expect(within(row).getByText('In review')).toBeInTheDocument();
    // The published version has nothing to decide.
    const published = within(section).getByText('1.0.0').closest('tr')!;
    expect(within(published).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Reject' })).toBeEnabled();
    // The admin page asks for production as spec admin §7 names it.
    const asked = api
      .callsTo('GET', '/manifests')
      .map((call) => call.search.get('filters[versionable_type]'));
    expect(new Set(asked)).toEqual(new Set(['Sandbox', 'ProductionEnvironment']));

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve version 1.1.0' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes for the developer' }), 'Looks good.');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Version approved')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('Approved')).toBeInTheDocument());
    expect(within(row).getByText('From the reviewer: Looks good.')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(api.callsTo('PATCH', '/admin/app_versions/p-2').map((call) => call.body)).toEqual([
      { app_version: { state: 'published', admin_notes: 'Looks good.' } },
    ]);
  });

  test('manifests: staff promote a sandbox version through the staff call and land on the Production tab', async () => {
    serve(adminApp({ sandbox: liveSandbox }));
    const api = manifestsApi([
      manifest({ id: 's-1', environment: 'Sandbox', semantic_version: '2.0.0', promotable: true }),
    ]);
    renderRoute('/admin/developer_apps/app-1');
    const section = await screen.findByRole('region', { name: 'Manifests' });
    // Staff may create a version on any app with a live sandbox.
    expect(await within(section).findByRole('button', { name: 'Create New Version' })).toBeEnabled();
    const row = (await within(section).findByText('2.0.0')).closest('tr')!;
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Promote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote version 2.0.0 to production' });
    // Release notes are optional for staff, whatever the semantic-versions setting.
    await user.click(within(dialog).getByRole('button', { name: 'Promote' }));
    await waitFor(() =>
      expect(within(section).getByRole('tab', { name: 'Production' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    expect(await within(section).findByRole('table', { name: 'Production manifests' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/app_version_promotions')).toEqual([]);
    expect(api.callsTo('POST', '/admin/app_version_promotions').map((call) => call.body)).toEqual([
      { app_version_promotion: { source_app_version_id: 's-1', changelog: null } },
    ]);
  });

  test('a deleted app has no manifest review section', async () => {
    serve(adminApp({ deleted_at: '2026-03-05T00:00:00.000Z' }));
    renderRoute('/admin/developer_apps/app-1');
    await screen.findByRole('heading', { level: 1, name: 'Edit - Crane Log (DELETED)' });
    expect(screen.queryByRole('region', { name: 'Manifests' })).toBeNull();
  });

  test('the General tab uploads the logo (PUT multipart) and removes it', async () => {
    serve(adminApp());
    const puts: Array<{ type: string | null; body: string }> = [];
    let logo: string | null = null;
    server.use(
      http.put('/api/v1/admin/developer_apps/app-1', async ({ request }) => {
        const type = request.headers.get('content-type');
        const body = await request.text();
        puts.push({ type, body });
        logo = type?.startsWith('multipart/form-data')
          ? '/api/v1/admin/developer_apps/app-1/thumbnail?v=1'
          : null;
        return HttpResponse.json({ ...adminApp({ thumbnail_url: logo }), thumbnail_notice: null });
      }),
    );
    const { container } = renderRoute('/admin/developer_apps/app-1');
    await screen.findByRole('heading', { level: 1, name: 'Edit - Crane Log' });
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg');
    const user = userEvent.setup();
    await user.upload(input, new File([new Uint8Array(10)], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('Uploaded Logo!')).toBeInTheDocument();
    expect(puts[0]?.body).toContain('name="developer_app[thumbnail]"; filename="logo.png"');
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'App avatar' })).toHaveAttribute(
        'src',
        '/api/v1/admin/developer_apps/app-1/thumbnail?v=1',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('Removed Logo!')).toBeInTheDocument();
    expect(JSON.parse(puts[1]!.body)).toEqual({ developer_app: { remove_thumbnail: true } });
    await waitFor(() => expect(screen.queryByRole('img', { name: 'App avatar' })).toBeNull());
  });

  test('a refused logo shows the server message at the field and in Could not save', async () => {
    serve(adminApp());
    server.use(
      http.put('/api/v1/admin/developer_apps/app-1', () =>
        fieldRefused('thumbnail', 'The logo must be a JPEG or PNG image', { request_id: 'r' }),
      ),
    );
    const { container } = renderRoute('/admin/developer_apps/app-1');
    await screen.findByRole('heading', { level: 1, name: 'Edit - Crane Log' });
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.setup().upload(input, new File(['<html>'], 'evil.png', { type: 'image/png' }));
    expect(await screen.findByText('Could not save')).toBeInTheDocument();
    expect(screen.getAllByText('The logo must be a JPEG or PNG image').length).toBeGreaterThanOrEqual(2);
  });
});
