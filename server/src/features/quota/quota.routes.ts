import {
  BucketTraffic,
  CreateBucketBody,
  ImpactPreview,
  ImpactPreviewBody,
  QuotaBucket,
  QuotaBucketsQuery,
  QuotaCheckBody,
  QuotaCheckResult,
  QuotaServers,
  QuotaStatus,
  UpdateBucketBody,
} from '@portal/contracts';
import { z } from 'zod';
import { type App, currentUser } from '../../platform/http/route.ts';
import { listRoute } from '../../platform/list/index.ts';
import { checkQuota, rateLimited } from './quota.check.ts';
import { previewImpact } from './quota.impact.ts';
import {
  createBucket,
  deleteBucket,
  getBucket,
  listBuckets,
  quotaServers,
  updateBucket,
} from './quota.service.ts';
import { bucketTraffic } from './quota.traffic-report.ts';

const ServerParams = z.object({ server: z.string().max(100) });
const BucketParams = ServerParams.extend({ id: z.string().max(100) });
const BASE = '/admin/quota_minder_servers/:server/buckets';

/** Spec admin §2 (QuotaMinder), §7 "Rate-limit buckets". */
export async function quotaRoutes(app: App) {
  app.get(
    '/admin/quota_minder_servers',
    { config: { access: 'admin' }, schema: { response: { 200: QuotaServers } } },
    async () => ({ servers: [...quotaServers(app.ctx.config)] }),
  );

  app.get(
    '/admin/quota_minder_status',
    { config: { access: 'admin' }, schema: { response: { 200: QuotaStatus } } },
    async () => {
      const stats = app.ctx.quota.stats();
      return {
        store: stats.store,
        redis_down: stats.redisDown,
        insurance_admissions: stats.insuranceAdmissions,
        instances: stats.instances,
      };
    },
  );

  listRoute(
    app,
    BASE,
    { access: 'admin', params: ServerParams, querystring: QuotaBucketsQuery, item: QuotaBucket },
    (request) => listBuckets(app.ctx, request.params.server, request.query),
  );

  app.post(
    BASE,
    {
      config: { access: 'admin' },
      schema: { params: ServerParams, body: CreateBucketBody, response: { 201: QuotaBucket } },
    },
    async (request, reply) => {
      const bucket = await createBucket(
        app.ctx,
        currentUser(request),
        request.params.server,
        request.body.data,
      );
      return reply.code(201).send(bucket);
    },
  );

  app.get(
    `${BASE}/:id`,
    { config: { access: 'admin' }, schema: { params: BucketParams, response: { 200: QuotaBucket } } },
    async (request) => getBucket(app.ctx, request.params.server, request.params.id),
  );

  app.patch(
    `${BASE}/:id`,
    {
      config: { access: 'admin' },
      schema: { params: BucketParams, body: UpdateBucketBody, response: { 200: QuotaBucket } },
    },
    async (request) =>
      updateBucket(
        app.ctx,
        currentUser(request),
        request.params.server,
        request.params.id,
        request.body.data,
      ),
  );

  app.delete(
    `${BASE}/:id`,
    { config: { access: 'admin' }, schema: { params: BucketParams } },
    async (request, reply) => {
      await deleteBucket(app.ctx, currentUser(request), request.params.server, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    `${BASE}/:id/traffic`,
    { config: { access: 'admin' }, schema: { params: BucketParams, response: { 200: BucketTraffic } } },
    async (request) => bucketTraffic(app.ctx, request.params.server, request.params.id),
  );

  app.post(
    `${BASE}/:id/impact`,
    {
      config: { access: 'admin' },
      schema: { params: BucketParams, body: ImpactPreviewBody, response: { 200: ImpactPreview } },
    },
    async (request) =>
      previewImpact(app.ctx, request.params.server, request.params.id, request.body.data.bucket_templates),
  );

  // The check API for gateways (the platform's services, bearer token): charge one request of a
  // client on a server; 200 with the rate-limit headers, or 429 in the error shape with Retry-After.
  app.post(
    '/quota_minder/check',
    { config: { access: 'service' }, schema: { body: QuotaCheckBody, response: { 200: QuotaCheckResult } } },
    async (request, reply) => {
      const outcome = await checkQuota(app.ctx, {
        server: request.body.server,
        clientId: request.body.client_id,
        cost: request.body.cost,
      });
      reply.headers(outcome.headers);
      if (!outcome.allowed) throw rateLimited(outcome);
      return outcome;
    },
  );
}
