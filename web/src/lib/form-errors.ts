import { ApiRequestError } from './api.ts';

/** Maps the server's per-field errors onto a Mantine form; returns whether any field matched. */
export function applyFieldErrors(
  form: { setErrors(errors: Record<string, string>): void; getValues(): object },
  error: unknown,
): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  const known = Object.keys(form.getValues());
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fields)) {
    if (known.includes(field)) errors[field] = messages.join(' ');
  }
  form.setErrors(errors);
  return Object.keys(errors).length > 0;
}
