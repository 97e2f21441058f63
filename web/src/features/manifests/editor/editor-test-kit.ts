// Test helpers for the CodeMirror editor: jsdom cannot type into a contenteditable the way a
// browser does, so tests read and replace the document through the editor's own view (which then
// reports the change exactly like typing would). The e2e journey types for real.
import { EditorView } from '@codemirror/view';
// testing-library's act, which marks the environment as an act one while it runs (React's own
// warns when it is called between testing-library's async utilities).
import { act, screen } from '@testing-library/react';

async function view(name = 'Manifest JSON'): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name });
  const found = EditorView.findFromDOM(content.closest('.cm-editor') as HTMLElement);
  if (!found) throw new Error('no CodeMirror view');
  return found;
}

export async function editorText(name?: string): Promise<string> {
  return (await view(name)).state.doc.toString();
}

export async function setEditorText(text: string, name?: string) {
  const editor = await view(name);
  act(() => editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } }));
}
