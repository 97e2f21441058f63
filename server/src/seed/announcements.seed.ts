import { createNotification } from '../features/announcements/index.ts';
import type { AppContext } from '../platform/context.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Sample announcements through the real service: one of each kind staff can make (normal, critical,
 * draft, scheduled), written for the reader the demo has most: a developer who just signed up. They
 * are created oldest first, so the bell and the Notifications page open on the welcome.
 */
export async function seedAnnouncements(
  ctx: AppContext,
  users: { admin: { id: string; email: string } },
): Promise<void> {
  const inDays = (days: number) =>
    new Date(ctx.clock.now().getTime() + days * DAY).toISOString().slice(0, 10);
  const author = users.admin;
  await createNotification(ctx, author, {
    title: 'Scheduled maintenance window',
    summary: 'The sandbox will be read-only for two hours.',
    body: 'Plan deployments around the window; production is not affected.',
    critical: false,
    draft: false,
    show_after: inDays(14),
  });
  await createNotification(ctx, author, {
    title: 'Draft: upcoming rate-limit changes',
    summary: 'Not published yet.',
    body: 'Details to follow.',
    critical: false,
    draft: true,
  });
  await createNotification(ctx, author, {
    title: 'Refresh tokens are single-use',
    summary:
      'Each token refresh returns a **new refresh token** and retires the old one: store the new one every time.',
    body: 'When your integration refreshes an access token, the answer carries a new refresh token and the one you sent stops working at once. Save the new token before your next call: an integration that reuses the old one is signed out, and its users have to connect it again.\n\nAccess tokens live 5400 seconds. The [REST API overview](/reference/rest/docs/rest-api-overview) has the details.',
    critical: true,
    draft: false,
  });
  await createNotification(ctx, author, {
    title: 'New: filter webhooks by project and resource',
    summary: 'Webhooks can now filter events by project and resource.',
    body: 'Filters reduce the number of deliveries your app has to process.\n\n```json\n{ "resource": "RFIs" }\n```',
    critical: false,
    draft: false,
  });
  await createNotification(ctx, author, {
    title: 'Getting started: from sandbox to marketplace',
    summary: 'Five steps from a new app to a listing on the **Marketplace**.',
    body: '1. **Create an app** under [My Apps](/developer_apps). It gets a sandbox company and sandbox credentials of its own.\n2. **Describe it** with a manifest version: write the JSON, or switch on the form-based editor (beta) on the app page.\n3. **Try it** against the sandbox with the sandbox client ID and secret.\n4. **Ask for production credentials** on the app page; platform staff review the request.\n5. **List it**: submit a marketplace listing. Staff review it, and once approved it appears on the [Marketplace](/marketplace).',
    critical: false,
    draft: false,
  });
  await createNotification(ctx, author, {
    title: 'Welcome to the Developer Portal',
    summary:
      'Build integrations for the platform: create an app, get **sandbox credentials** and start building.',
    body: '## Where to start\n\n- [My Apps](/developer_apps): your apps, their credentials, manifests and collaborators.\n- [REST API overview](/reference/rest/docs/rest-api-overview): authentication, versions and rate limits.\n- [Marketplace](/marketplace): the integrations already published.\n\nAnnouncements like this one appear under the bell. Critical ones (breaking changes and incidents that need action) are e-mailed too; you can turn those e-mails off in [Settings](/settings).',
    critical: false,
    draft: false,
  });
}
