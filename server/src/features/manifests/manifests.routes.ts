import {
  AdminUpdateAppVersionBody,
  AppVersionPromotionBody,
  CreateAppVersionBody,
  CreateAppVersionedManifestBody,
  CreatedManifest,
  IdParams,
  Manifest,
  ManifestSnippets,
  ManifestsQuery,
  ManifestTemplates,
  ManifestValidationBody,
  ManifestValidationQuery,
  ManifestValidationResult,
  SnippetsParams,
  SnippetsQuery,
  UpdateAppVersionBody,
} from '@portal/contracts';
import { type App, currentUser } from '../../platform/http/route.ts';
import { listRoute } from '../../platform/list/index.ts';
import { MANIFEST_TEMPLATES, manifestSnippets } from './manifest-templates.ts';
import { changeReviewState } from './manifests.review.ts';
import * as manifests from './manifests.service.ts';

/** changeReviewState's arguments after the context. */
type ReviewArgs = Parameters<typeof changeReviewState> extends [unknown, ...infer Rest] ? Rest : never;

export async function manifestsRoutes(app: App) {
  /** A review transition of a version, asked by its developer or by staff. */
  const changeState = (...args: ReviewArgs) => changeReviewState(app.ctx, ...args);
  /** POST a promotion of a sandbox version to production, by its developer or by staff. */
  const promotionRoute = (url: string, access: 'user' | 'admin', by: ReviewArgs[3], summary: string) =>
    app.post(
      url,
      {
        config: { access, idempotent: true },
        schema: { summary, body: AppVersionPromotionBody, response: { 201: Manifest } },
      },
      async (request, reply) => {
        const { app_version_promotion: promotion } = request.body;
        return reply.status(201).send(await manifests.promote(app.ctx, currentUser(request), promotion, by));
      },
    );

  app.get(
    '/manifest_templates',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The starting manifest per schema version ("3", "4.1")',
        response: { 200: ManifestTemplates },
      },
    },
    async () => MANIFEST_TEMPLATES,
  );

  app.get(
    '/manifest_templates/:version/snippets',
    {
      config: { access: 'user' },
      schema: {
        summary:
          'Snippet helpers (oauth, iframe, fullscreen, sidepanel) of a schema version; below 4, has_existing_manifest=false gives whole manifests',
        params: SnippetsParams,
        querystring: SnippetsQuery,
        response: { 200: ManifestSnippets },
      },
    },
    async (request) =>
      manifestSnippets(request.params.version, request.query.has_existing_manifest === 'true'),
  );

  app.post(
    '/manifest_validations',
    {
      config: { access: 'user' },
      schema: {
        summary:
          'Validate a manifest (JSON Schema of its version, then the semantic rules); an empty errors list means it passed',

        querystring: ManifestValidationQuery,
        body: ManifestValidationBody,
        response: { 200: ManifestValidationResult },
      },
    },
    async (request) =>
      manifests.validate(
        app.ctx,
        currentUser(request),
        request.query.developer_app_id,
        request.body.manifest.content,
      ),
  );

  listRoute(
    app,
    '/manifests',
    {
      access: 'user',
      summary:
        "An app's versions: filters[versionable_type] Sandbox | Production | ProductionEnvironment, filters[state]; sort -version (default), version, created_at, -created_at",
      querystring: ManifestsQuery,
      item: Manifest,
    },
    (request) => manifests.listManifests(app.ctx, currentUser(request), request.query),
  );

  app.get(
    '/app_versioned_manifests/:id',
    {
      config: { access: 'user' },
      schema: {
        summary: 'One version',
        params: IdParams,
        response: { 200: Manifest },
      },
    },
    async (request) => manifests.getManifest(app.ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/app_versioned_manifests',
    {
      config: { access: 'user', idempotent: true },
      schema: {
        summary:
          "Create a version from manifest.content or the form's configured_manifest_content (semantic version suggested when left out; empty configured content only with allow_empty: true); answers {manifest}",
        body: CreateAppVersionedManifestBody,
        response: { 201: CreatedManifest },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const common = {
        appId: body.developer_app_id,
        environmentType: body.environment_type,
        semanticVersion: body.semantic_version,
        fieldPrefix: '',
      };
      const manifest = await manifests.createVersion(
        app.ctx,
        currentUser(request),
        body.configured_manifest_content
          ? { ...common, configured: body.configured_manifest_content }
          : { ...common, content: body.manifest!.content },
      );
      return reply.status(201).send({ manifest });
    },
  );

  app.post(
    '/app_versions',
    {
      config: { access: 'user', idempotent: true },
      schema: {
        summary:
          'Create a version (owner, app admins, platform staff); needs production credentials requested (Production) or a live sandbox (Sandbox)',
        body: CreateAppVersionBody,
        response: { 201: Manifest },
      },
    },
    async (request, reply) => {
      const input = request.body.app_version;
      const manifest = await manifests.createVersion(app.ctx, currentUser(request), {
        appId: input.developer_app_id,
        environmentType: input.environment_type,
        semanticVersion: input.semantic_version,
        content: input.manifest.content,
        fieldPrefix: 'app_version.',
      });
      return reply.status(201).send(manifest);
    },
  );

  app.patch(
    '/app_versions/:id',
    {
      config: { access: 'user' },
      schema: {
        summary:
          'Submit for review (state in_review, developer_notes) or withdraw (state confidential); other transitions answer 409',
        params: IdParams,
        body: UpdateAppVersionBody,
        response: { 200: Manifest },
      },
    },
    async (request) => {
      const { state, developer_notes: notes } = request.body.app_version;
      return changeState(currentUser(request), request.params.id, { state, notes }, 'developer');
    },
  );

  promotionRoute(
    '/app_version_promotions',
    'user',
    'developer',
    "Promote a sandbox version newer than production's newest; changelog (release notes) required when semantic versions are on",
  );

  app.patch(
    '/admin/app_versions/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary:
          'Staff: approve (state published) or reject (state confidential) a version in review, with admin_notes',
        params: IdParams,
        body: AdminUpdateAppVersionBody,
        response: { 200: Manifest },
      },
    },
    async (request) => {
      const { state, admin_notes: notes } = request.body.app_version;
      return changeState(currentUser(request), request.params.id, { state, notes }, 'admin');
    },
  );

  promotionRoute(
    '/admin/app_version_promotions',
    'admin',
    'admin',
    'Staff: promote a sandbox version (release notes optional)',
  );
}
