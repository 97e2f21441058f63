import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import { approveProductionAccess, requestProductionAccess } from '../features/credentials/index.ts';
import { createApp, updateApp } from '../features/developer-apps/index.ts';
import { buildSandbox } from '../features/sandboxes/index.ts';
import type { SessionUser } from '../platform/auth/session-user.ts';
import type { AppContext } from '../platform/context.ts';
import { streamUpload } from '../platform/http/uploads.ts';
import { demoLogo, FIELD_SYNC_ACCENT, type LogoMotif, PUNCH_LIST_ACCENT, type Rgb } from './seed-images.ts';

/** The seeded user as services see a signed-in one. */
export async function sessionUser(ctx: AppContext, id: string): Promise<SessionUser> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return {
    id: row!.id,
    name: row!.name,
    email: row!.email,
    role: row!.role,
    employee: row!.employee,
    procoreId: row!.procoreId,
    companyName: row!.companyName,
    criticalEmails: row!.criticalEmails,
    developerAppsBeta: row!.developerAppsBeta,
  };
}

/** A generated logo, through the upload path a browser's file takes (checked by content, measured, stored). */
function logoUpload(ctx: AppContext, motif: LogoMotif, color: Rgb) {
  return streamUpload(ctx.storage, {
    file: Readable.from(demoLogo(motif, color, 256)),
    filename: `${motif}.png`,
  });
}

/** The demo developer owns a finished app (live sandbox, approved production) and a pending one. */
export async function seedDeveloperApps(ctx: AppContext, demo: { developer: { id: string } }): Promise<void> {
  const developer = await sessionUser(ctx, demo.developer.id);
  const live = await createApp(ctx, developer, { internal_name: 'Field Sync' });
  await updateApp(ctx, developer, live.id, {
    fields: {
      name: 'Field Sync for Procore',
      redirect_uri: 'https://fieldsync.example.com/oauth/callback\nhttp://localhost:3000/callback',
      allowed_cors_domain: 'https://fieldsync.example.com',
      contacts: [{ name: 'Dana Developer', email: developer.email }],
    },
    upload: await logoUpload(ctx, 'sync', FIELD_SYNC_ACCENT),
  });
  if (live.sandbox) await buildSandbox(ctx, live.sandbox.id, { finalAttempt: true });
  await requestProductionAccess(ctx, developer, live.id, { confidential: true });
  if (!ctx.config.productionAccessAutoApprove) await approveProductionAccess(ctx, live.id);

  const pending = await createApp(ctx, developer, { internal_name: 'Punch List Importer' });
  await updateApp(ctx, developer, pending.id, {
    fields: {},
    upload: await logoUpload(ctx, 'checklist', PUNCH_LIST_ACCENT),
  });
  await requestProductionAccess(ctx, developer, pending.id, { confidential: false });
}
