import { AUDIT_ACTIONS } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { i18n } from '../../app/i18n.ts';
import { expectLink } from '../../test/links.ts';
import { renderRoute } from '../../test/render.tsx';
import { admin, configHandler, runtimeConfig, server } from '../../test/server.ts';

/** An audit event by Ada at a fixed time; `fields` say what it is about. */
const auditEvent = (fields: {
  id: string;
  action: string;
  subject_type: string;
  subject_id: string;
  before: object;
  after: object;
}) => ({ actor_email: 'ada@staff.example.com', created_at: '2026-03-03T21:05:07.000Z', ...fields });

/** Staff on the audit log, which answers `events`; the action filters the page asks for, in order. */
function serveAudit(events: unknown[]): string[] {
  const asked: string[] = [];
  server.use(
    configHandler(runtimeConfig({ user: admin })),
    http.get('/api/v1/admin/audit', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('filters[action]') ?? '');
      return HttpResponse.json(events, { headers: { Total: String(events.length), 'Per-Page': '50' } });
    }),
  );
  return asked;
}

test('the audit log lists who changed what, with before → after and a link to the subject', async () => {
  serveAudit([
    auditEvent({
      id: 'e1',
      action: 'developer_app.owner_change',
      subject_type: 'developer_app',
      subject_id: 'app-1',
      before: { owner_email: 'a@example.com' },
      after: { owner_email: 'b@example.com' },
    }),
  ]);
  renderRoute('/admin/audit');
  expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeInTheDocument();
  const row = (await screen.findAllByRole('row'))[1]!;
  expect(within(row).getByText('developer_app.owner_change')).toBeInTheDocument();
  expect(within(row).getByText('owner_email: "a@example.com" → "b@example.com"')).toBeInTheDocument();
  expectLink(within(row), 'Developer app', '/admin/developer_apps/app-1');
});

test('announcement changes: filtered by action, linked to the announcement unless it was deleted', async () => {
  const event = (id: string, action: string) =>
    auditEvent({
      id,
      action,
      subject_type: 'announcement',
      subject_id: 'n-1',
      before: { title: 'Old' },
      after: { title: action === 'announcement.delete' ? null : 'New' },
    });
  const asked = serveAudit([event('e2', 'announcement.delete'), event('e1', 'announcement.update')]);
  renderRoute('/admin/audit?action=announcement.update');
  const rows = (await screen.findAllByRole('row')).slice(1);
  expect(asked).toContain('announcement.update');
  expect(within(rows[0]!).getByText('title: "Old" → —')).toBeInTheDocument();
  expect(within(rows[0]!).queryByRole('link')).toBeNull();
  expect(within(rows[0]!).getByText('Announcement')).toBeInTheDocument();
  expectLink(within(rows[1]!), 'Announcement', '/admin/notifications/n-1/edit');
});

test('each action reads as words above its name (the app history uses the same table); an unknown one shows its name', async () => {
  const event = (id: string, action: string, before: object, after: object) =>
    auditEvent({ id, action, subject_type: 'developer_app', subject_id: 'app-1', before, after });
  serveAudit([
    event(
      'e3',
      'developer_app.listing_approve',
      { listing: 'in_review', admin_message: '<p>Thanks</p>' },
      { listing: 'published', admin_message: '<p>Thanks</p>' },
    ),
    event('e2', 'developer_app.listing_reject', { listing: 'in_review' }, { listing: 'draft' }),
    event('e1', 'developer_app.something_new', {}, { x: 1 }),
  ]);
  renderRoute('/admin/audit');
  const rows = (await screen.findAllByRole('row')).slice(1);
  expect(within(rows[0]!).getByText('Marketplace listing approved')).toBeInTheDocument();
  expect(within(rows[0]!).getByText('developer_app.listing_approve')).toBeInTheDocument();
  expect(within(rows[0]!).getByText('admin_message: "<p>Thanks</p>" → "<p>Thanks</p>"')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('Marketplace listing rejected')).toBeInTheDocument();
  expect(within(rows[2]!).getByText('developer_app.something_new')).toBeInTheDocument();
  expect(within(rows[2]!).queryByText(/missing/)).toBeNull();
});

test('every action the server records has its words', () => {
  const missing = AUDIT_ACTIONS.filter((action) => !i18n.exists(`audit.actions.${action}`));
  expect(missing).toEqual([]);
});

test('the action is picked from every action, searched by its words; the id applies on Enter, without leaving the field', async () => {
  const asked = serveAudit([]);
  const { router } = renderRoute('/admin/audit');
  const action = (await screen.findAllByRole('combobox', { name: /^Action/ }))[0]!;
  await userEvent.type(action, 'notification del');
  await userEvent.click(
    await screen.findByRole('option', { name: 'Notification deleted (announcement.delete)' }),
  );
  await waitFor(() => expect(asked).toContain('announcement.delete'));
  expect(router.state.location.search).toBe('?action=announcement.delete');

  const subject = screen.getByRole('textbox', { name: /^App or developer id/ });
  await userEvent.type(subject, 'app-1{Enter}');
  expect(subject).toHaveFocus();
  await waitFor(() => expect(router.state.location.search).toBe('?action=announcement.delete&subject=app-1'));
});
