import { z } from 'zod';

/** The most events one `POST /platform/app_events` batch may carry. */
export const APP_EVENTS_MAX_BATCH = 1000;
export const APP_EVENT_TYPE_VALUES = ['install', 'uninstall', 'update'] as const;

const Text = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * One install, uninstall or update of an app by a company, as the platform reports it. The app is
 * named by exactly one of its id, an OAuth client id or an App Version Key. `id` is the platform's
 * event id: unique forever, so sending an event again changes nothing.
 */
export const AppEvent = z
  .object({
    id: z
      .string('Event id must be text')
      .min(1, 'Event id is required')
      .max(100, 'Event id must be at most 100 characters')
      .regex(/^[\x21-\x7e]*$/, 'Event id must be printable ASCII without spaces'),
    type: z.enum(APP_EVENT_TYPE_VALUES, 'Type must be install, uninstall or update'),
    developer_app_id: z.string('Developer app id must be text').max(100).optional(),
    client_id: z.string('Client id must be text').max(200).optional(),
    app_version_key: z.string('App Version Key must be text').max(100).optional(),
    app_version: Text('App version', 50).nullable().optional(),
    company_id: Text('Company id', 100),
    company_name: Text('Company name', 255),
    company_is_demo: z.boolean('Company is demo must be true or false').default(false),
    user_email_address: z
      .email('User e-mail address must be an e-mail address')
      .max(254, 'User e-mail address must be at most 254 characters')
      .nullable()
      .optional(),
    occurred_at: z.iso.datetime({ offset: true, message: 'Occurred at must be an ISO 8601 date-time' }),
    status: Text('Status', 40).optional(),
  })
  .strict();
export type AppEvent = z.infer<typeof AppEvent>;

/** A batch: events are checked one by one, so one bad event never costs the others. */
export const AppEventsBody = z
  .object({
    events: z
      .array(z.unknown(), 'Events must be a list')
      .min(1, 'Send at least one event')
      .max(APP_EVENTS_MAX_BATCH, `At most ${APP_EVENTS_MAX_BATCH} events can be sent at once`)
      .describe('AppEvent objects (see the AppEvent schema); each is checked on its own'),
  })
  .strict();
export type AppEventsBody = z.infer<typeof AppEventsBody>;

/**
 * What became of one event, in the order sent: `accepted` (new), `duplicate` (its id was seen before,
 * in this batch or any earlier one: nothing changed) or `rejected` (`errors` per field).
 */
export const AppEventResult = z.object({
  index: z.number().int(),
  id: z.string().nullable(),
  result: z.enum(['accepted', 'duplicate', 'rejected']),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type AppEventResult = z.infer<typeof AppEventResult>;

export const AppEventsResponse = z.object({
  accepted: z.number().int(),
  duplicate: z.number().int(),
  rejected: z.number().int(),
  results: z.array(AppEventResult),
});
export type AppEventsResponse = z.infer<typeof AppEventsResponse>;
