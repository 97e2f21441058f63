import { lazy, Suspense } from 'react';
import { importWithRetry } from './lazy.ts';

// Mantine's modals manager (and the Modal it renders) only serves signed-in pages, so anonymous pages,
// /login first, never download it.
const ModalsProvider = lazy(() =>
  importWithRetry(() => import('@mantine/modals')).then((module) => ({ default: module.ModalsProvider })),
);

/**
 * Mounts Mantine's modals manager beside the signed-in pages (routes.tsx), so `modals.openConfirmModal()`
 * works there. It wraps nothing: pages use the `modals.*` functions, not the `useModals()` context.
 */
export function ModalsHost() {
  return (
    <Suspense fallback={null}>
      <ModalsProvider />
    </Suspense>
  );
}
