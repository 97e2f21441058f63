/**
 * Demo listings, through the real services: each demo app's marketplace access is asked for and
 * enabled, Field Sync's listing is published (reviewed by the demo admin, silently; the app is
 * published with it), Punch List Importer's waits in review. Images are generated; the showcase video
 * is a 2-second sample shipped with the code.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { SubmissionBody } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { developerApps } from '../db/schema/index.ts';
import {
  decideMarketplaceAccess,
  type FileKind,
  type FormUpload,
  hostVideo,
  requestMarketplaceAccess,
  type SubmissionForm,
  saveForApp,
  saveSubmission,
} from '../features/listings/index.ts';
import { listManifests } from '../features/manifests/index.ts';
import type { AppContext } from '../platform/context.ts';
import { streamUpload } from '../platform/http/uploads.ts';
import { sessionUser } from './apps.seed.ts';
import {
  demoLogo,
  demoScreenshot,
  FIELD_SYNC_ACCENT,
  type LogoMotif,
  PUNCH_LIST_ACCENT,
  type Rgb,
} from './seed-images.ts';

const VIDEO = path.join(import.meta.dirname, 'assets/showcase.mp4');

type Listing = {
  app: string;
  name: string;
  accent: Rgb;
  logo: LogoMotif;
  fields: SubmissionBody;
};

const LISTINGS: Listing[] = [
  {
    app: 'Field Sync',
    name: 'Field Sync',
    accent: FIELD_SYNC_ACCENT,
    logo: 'sync',
    fields: {
      tagline: 'Daily logs from the field, synced both ways',
      description:
        'Field Sync keeps your daily logs, photos and weather in step between the jobsite app your crews already use and your projects.',
      how_it_works:
        'Connect your company, pick the projects to sync, and entries flow both ways within a minute.',
      category_ids: [12, 15],
      feature_bullets: ['Two-way daily log sync', 'Photos stay with their entries', 'Works offline on site'],
      helpful_links: [{ label: 'Documentation', url: 'https://fieldsync.example.com/docs' }],
      requirements: ['A company account with the Daily Log tool'],
      product_tools: { daily_log: true, photos: true },
      regions: { north_america: true },
      countries: { US: true, CA: true, MX: true, PR: true, BM: true },
      contact_us_email: 'sales@fieldsync.example.com',
      has_trials: true,
    },
  },
  {
    app: 'Punch List Importer',
    name: 'Punch List Importer',
    accent: PUNCH_LIST_ACCENT,
    logo: 'checklist',
    fields: {
      tagline: 'Import punch lists from spreadsheets in seconds',
      description:
        'Upload a spreadsheet and Punch List Importer creates the items, assignees and due dates for you.',
      how_it_works: 'Map your columns once; every later import reuses the mapping.',
      category_ids: [16],
      feature_bullets: ['CSV and Excel files', 'Column mapping remembered', 'Duplicate detection'],
      helpful_links: [{ label: 'Help center', url: 'https://punchlist.example.com/help' }],
      requirements: ['The Punch List tool enabled on the project'],
      product_tools: { punch_list: true },
      regions: {},
      countries: { GB: true, IE: true, FR: true },
      learn_how_url: 'https://punchlist.example.com/how-it-works',
      has_trials: false,
    },
  },
];

const common = {
  about: 'Acme Builders Software makes tools for people who build.',
  built_by: 'Acme Builders Software',
  sold_by: 'Acme Builders Software',
  draft_developer_notes: 'Demo listing seeded with the portal.',
  support_email: 'support@acme-builders.example.com',
  website_link: { label: 'Website', url: 'https://acme-builders.example.com' },
  pricing_description: 'Free for one project, then a flat fee per project per month.',
  pricing_url: 'https://acme-builders.example.com/pricing',
  subscription_required: true,
  connector_required: false,
} satisfies SubmissionBody;

async function upload(
  ctx: AppContext,
  bytes: Buffer,
  filename: string,
  kind: FileKind,
  field: string,
): Promise<FormUpload> {
  const pending = await streamUpload(ctx.storage, { file: Readable.from(bytes), filename });
  return { ...pending, kind, field };
}

export async function seedMarketplace(
  ctx: AppContext,
  demo: { admin: { id: string }; developer: { id: string } },
) {
  const developer = await sessionUser(ctx, demo.developer.id);
  const admin = await sessionUser(ctx, demo.admin.id);
  for (const [index, listing] of LISTINGS.entries()) {
    const [app] = await ctx.db
      .select()
      .from(developerApps)
      .where(and(eq(developerApps.ownerId, developer.id), eq(developerApps.internalName, listing.app)));
    if (!app) continue;
    // The developer asks for the marketplace listing and staff enable it (the review queue's path).
    await requestMarketplaceAccess(ctx, developer, app.id);
    await decideMarketplaceAccess(ctx, admin, app.id, { approved: true });
    const video = await hostVideo(
      ctx,
      app.id,
      developer.id,
      await streamUpload(ctx.storage, { file: createReadStream(VIDEO), filename: 'tour.mp4' }),
      `${listing.name} tour`,
    );
    const uploads = new Map<string, FormUpload>();
    uploads.set(
      'upload:0',
      await upload(ctx, demoLogo(listing.logo, listing.accent), 'logo.png', 'logo', 'small_logo'),
    );
    for (let i = 0; i < 3; i++)
      uploads.set(
        `upload:${i + 1}`,
        await upload(
          ctx,
          demoScreenshot(listing.accent, i),
          `screen-${i + 1}.png`,
          'picture',
          `pictures_attributes.${i}.file`,
        ),
      );
    // The listing is for the app's newest production version (the manifests seed made one; a
    // listing without a version cannot be submitted).
    const [version] = (
      await listManifests(ctx, developer, {
        'filters[developer_app_id]': app.id,
        'filters[versionable_type]': 'Production',
        sort: '-version',
        page: 1,
        per_page: 1,
      })
    ).rows;
    const form: SubmissionForm = {
      body: {
        ...common,
        ...(version ? { app_version_id: version.id } : {}),
        ...listing.fields,
        public_name: listing.name,
        small_logo: 'upload:0',
        pictures_attributes: [1, 2, 3].map((n) => ({ file: `upload:${n}`, description: `Screen ${n}` })),
        showcase_video_attributes: { external_url: video.url, name: video.name },
      },
      uploads,
    };
    const developerActor = { user: developer, staff: false };
    const { submission } = await saveForApp(ctx, developerActor, app.id, form, null);
    const noFields = { body: {}, uploads: new Map() };
    await saveSubmission(ctx, developerActor, submission.id, noFields, { name: 'submit' });
    if (index === 0) {
      const approve = { name: 'review', outcome: 'approved', silent: true } as const;
      await saveSubmission(ctx, { user: admin, staff: true }, submission.id, noFields, approve);
    }
  }
}
