import { Alert } from '@mantine/core';
import { errorText } from '../../../lib/api.ts';

/** The request-level error of a form, when it is not about one field. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" style={{ whiteSpace: 'pre-wrap' }}>
      {errorText(error)}
    </Alert>
  );
}
