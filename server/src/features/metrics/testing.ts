/** Fixtures for app events: an event factory and a batch posted as the platform's service would. */
import { randomUUID } from 'node:crypto';
import type { AppEvent } from '@portal/contracts';
import type { TestApp } from '../../test/helpers.ts';

export type EventInput = Partial<Omit<AppEvent, 'company_is_demo'>> & { company_is_demo?: boolean };

/** An install of `appId` by a company (fields overridable). */
export function appEvent(appId: string, input: EventInput = {}): Record<string, unknown> {
  return {
    id: input.id ?? `evt-${randomUUID()}`,
    type: input.type ?? 'install',
    ...(input.client_id || input.app_version_key ? {} : { developer_app_id: appId }),
    company_id: input.company_id ?? 'company-1',
    company_name: input.company_name ?? 'Acme Builders',
    company_is_demo: input.company_is_demo ?? false,
    user_email_address:
      input.user_email_address === undefined ? 'installer@acme.test' : input.user_email_address,
    occurred_at: input.occurred_at ?? new Date().toISOString(),
    ...Object.fromEntries(
      Object.entries(input).filter(
        ([key]) =>
          ![
            'id',
            'type',
            'company_id',
            'company_name',
            'company_is_demo',
            'user_email_address',
            'occurred_at',
          ].includes(key),
      ),
    ),
  };
}

export const APP_EVENTS_URL = '/api/v1/platform/app_events';

/** Posts a batch with the test service token; answers the response. */
export const postEvents = (t: TestApp, events: unknown[]) => t.service().post(APP_EVENTS_URL, { events });
