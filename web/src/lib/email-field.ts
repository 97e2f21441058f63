const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * An e-mail field's error for a form: an empty field is `required` (not "invalid"), a malformed
 * address `invalid`, else null. The server checks the address again.
 */
export function emailFieldError(
  value: string,
  messages: { required: string; invalid: string },
): string | null {
  const email = value.trim();
  if (!email) return messages.required;
  return EMAIL.test(email) ? null : messages.invalid;
}
