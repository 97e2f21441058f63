import { z } from 'zod';

/** Dotted snake_case event keys, e.g. `developers.my_apps.collaborators.invited`. */
export const ANALYTICS_KEY_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/;
export const ANALYTICS_MAX_PROPERTIES_BYTES = 4096;

export const AnalyticsEventBody = z.strictObject({
  key: z.string().max(200).regex(ANALYTICS_KEY_PATTERN, 'Key must be dotted snake_case'),
  additional_properties: z
    .record(z.string(), z.unknown())
    .default({})
    .refine(
      (value) => JSON.stringify(value).length <= ANALYTICS_MAX_PROPERTIES_BYTES,
      `additional_properties must be at most ${ANALYTICS_MAX_PROPERTIES_BYTES} bytes`,
    ),
});
export type AnalyticsEventBody = z.infer<typeof AnalyticsEventBody>;
