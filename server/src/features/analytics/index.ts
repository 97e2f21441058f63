/** Tracking events (spec §7), recorded by the features where they happen. */
export { recordEvent } from './analytics.service.ts';
