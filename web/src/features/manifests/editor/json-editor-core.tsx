// The CodeMirror half of JsonEditor, in a chunk of its own: only the editor modal downloads it.
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

export type JsonEditorProps = {
  value: string;
  onChange?: (value: string) => void;
  /** The editor's accessible name. */
  label: string;
  height?: string;
  readOnly?: boolean;
};

/**
 * A JSON editor that marks syntax errors itself (spec developer-apps §5: syntax errors come from the editor).
 */
export function JsonEditorCore({
  value,
  onChange,
  label,
  height = '60vh',
  readOnly = false,
}: JsonEditorProps) {
  const extensions = useMemo(
    () => [
      json(),
      linter(jsonParseLinter(), { delay: 300 }),
      lintGutter(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
    ],
    [label],
  );
  return (
    <CodeMirror
      value={value}
      onChange={(next) => onChange?.(next)}
      extensions={extensions}
      height={height}
      readOnly={readOnly}
      editable={!readOnly}
      basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly, autocompletion: false }}
      style={{ height, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, fontSize: 13 }}
    />
  );
}
