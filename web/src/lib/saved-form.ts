import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';

/** Shows `values` as what is saved: the form holds them and is no longer dirty. */
export function showSaved<T>(form: UseFormReturnType<T>, values: T) {
  form.setValues(values);
  form.resetDirty(values);
}

/**
 * Keeps a form on the saved values whenever `version` changes (a refetch, a save elsewhere), unless
 * the user has started changing it.
 */
export function useFollowSaved<T>(form: UseFormReturnType<T>, values: T, version: unknown) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow only when the saved data changes
  useEffect(() => {
    if (!form.isDirty()) showSaved(form, values);
  }, [version]);
}
