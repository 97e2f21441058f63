import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { importWithRetry } from '../../../app/lazy.ts';
import type { JsonEditorProps } from './json-editor-core.tsx';

// CodeMirror is large; pages that show the editor fetch it only when the editor first renders.
const JsonEditorCore = lazy(() =>
  importWithRetry(() => import('./json-editor-core.tsx')).then((module) => ({
    default: module.JsonEditorCore,
  })),
);

/** A CodeMirror JSON editor, loaded on first use; a placeholder of its height until then. */
export function JsonEditor(props: JsonEditorProps) {
  return (
    <Suspense fallback={<Skeleton height={props.height ?? '60vh'} radius="sm" aria-label={props.label} />}>
      <JsonEditorCore {...props} />
    </Suspense>
  );
}
