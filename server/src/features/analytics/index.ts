/** Tracking events (spec developer-apps §7, spec admin §7), recorded by the features where they happen. */
export { recordEvent } from './analytics.service.ts';
