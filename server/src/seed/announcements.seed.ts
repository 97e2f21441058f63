import { createNotification } from '../features/announcements/index.ts';
import type { AppContext } from '../platform/context.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Sample announcements through the real service: normal, critical, draft and scheduled. */
export async function seedAnnouncements(
  ctx: AppContext,
  users: { admin: { id: string; email: string } },
): Promise<void> {
  const inDays = (days: number) =>
    new Date(ctx.clock.now().getTime() + days * DAY).toISOString().slice(0, 10);
  const author = users.admin;
  await createNotification(ctx, author, {
    title: 'Welcome to the Developer Portal',
    summary: 'Create an app, get **sandbox credentials** and start building.',
    body: '## Getting started\n\n1. Create an app under **My Apps**.\n2. Open its sandbox.\n3. Read the [REST API overview](/reference/rest/docs/rest-api-overview).',
    critical: false,
    draft: false,
  });
  await createNotification(ctx, author, {
    title: 'New webhooks filters',
    summary: 'Webhooks can now filter events by project and resource.',
    body: 'Filters reduce the number of deliveries your app has to process.\n\n```json\n{ "resource": "RFIs" }\n```',
    critical: false,
    draft: false,
  });
  await createNotification(ctx, author, {
    title: 'Action required: rotate your client secrets',
    summary: 'We are retiring secrets created before 2024. **Rotate them before the end of the month.**',
    body: 'Open each app, reset its production credentials and update your integration.\n\nQuestions? Write to support.',
    critical: true,
    draft: false,
  });
  await createNotification(ctx, author, {
    title: 'Draft: upcoming rate-limit changes',
    summary: 'Not published yet.',
    body: 'Details to follow.',
    critical: false,
    draft: true,
  });
  await createNotification(ctx, author, {
    title: 'Scheduled maintenance window',
    summary: 'The sandbox will be read-only for two hours.',
    body: 'Plan deployments around the window; production is not affected.',
    critical: false,
    draft: false,
    show_after: inDays(14),
  });
}
