import {
  ApiUsageDaily,
  ApiUsageDailyQuery,
  ApiUsageFilters,
  ApiUsageQuery,
  ApiUsageRow,
  IdParams,
} from '@portal/contracts';
import { z } from 'zod';
import { type App, currentUser } from '../../platform/http/route.ts';
import { answerPage } from '../../platform/list/index.ts';
import { usageDaily, usageFile, usagePage } from './usage.service.ts';

const UsageCsvResponse = {
  description: 'The API usage CSV (attachment)',
  content: { 'text/csv': { schema: z.string().describe('CSV with a header row') } },
};

/** Issue 26 "Usage": an app's platform API calls per day, route, method and response code. */
export async function usageRoutes(app: App) {
  app.get(
    '/developer_apps/:id/api_usage',
    {
      config: { access: 'user' },
      schema: {
        description:
          "The app's platform API calls counted per UTC day, normalized route, HTTP method and response " +
          'code, on the list pattern (Total, Per-Page and Link headers), newest day first by default; ' +
          '`filters[from]`/`filters[to]` bound the days. For the app’s people and staff.',
        params: IdParams,
        querystring: ApiUsageQuery,
        response: { 200: z.array(ApiUsageRow) },
      },
    },
    async (request, reply) =>
      answerPage(
        request,
        reply,
        await usagePage(app.ctx, currentUser(request), request.params.id, request.query),
      ),
  );

  app.get(
    '/developer_apps/:id/api_usage/daily',
    {
      config: { access: 'user' },
      schema: {
        description:
          "The app's platform API calls per UTC day from `from` to `to` (the last 30 days by default, at " +
          'most 90): calls answered below 400, with 4xx and with 5xx; every day of the span, oldest first.',
        params: IdParams,
        querystring: ApiUsageDailyQuery,
        response: { 200: ApiUsageDaily },
      },
    },
    async (request) => usageDaily(app.ctx, currentUser(request), request.params.id, request.query),
  );

  app.get(
    '/developer_apps/:id/api_usage.csv',
    {
      config: { access: 'user' },
      schema: {
        description:
          "The app's API usage as a CSV download (Date, Response Code, HTTP Method, Normalized Route, " +
          'Count; oldest day first, streamed), within `filters[from]`/`filters[to]` when given.',
        params: IdParams,
        querystring: ApiUsageFilters,
        response: { 200: UsageCsvResponse },
      },
    },
    async (request, reply) => {
      const file = await usageFile(app.ctx, currentUser(request), request.params.id, request.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .send(file.stream as unknown as string);
    },
  );
}
