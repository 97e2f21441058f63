/** A UUID as PostgreSQL writes one (any case): what a uuid column can be asked for. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a path or body can name a row at all (a lookup by anything else is a 404). */
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
