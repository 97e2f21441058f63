/** Reading JSON of unknown shape (a manifest as sent or stored) without zod. */

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string value, or '' for anything else. */
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** An object property that is itself an object, or an empty one. */
export const objectAt = (value: JsonObject, key: string): JsonObject =>
  isObject(value[key]) ? (value[key] as JsonObject) : {};
