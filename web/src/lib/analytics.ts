import { api } from './api.ts';

/** Sends an analytics event; never blocks or breaks the UI. */
export function track(key: string, additionalProperties: Record<string, unknown> = {}): void {
  api('/analytics', { method: 'POST', body: { key, additional_properties: additionalProperties } }).catch(
    () => {},
  );
}
