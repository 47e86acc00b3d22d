// The code page's editor, CodeMirror 6 (line numbers, brackets, undo, JavaScript
// highlighting): a bundle of its own, js/code-editor.js (tools/site/kit.mjs), that
// code/code-area.js loads with a script element once the page is idle or the student
// reaches the code. Half a megabyte the page need not wait for: until it arrives the
// student reads and types in a plain text area. A script rather than import(), so that it
// loads from disk (file://) too, as every script of the lab does.
//
//   self.LAB_CODE_EDITOR({parent, doc, selection: {anchor, head}, attributes, onChange})
//     -> {text(), replace(text), focus()}
import { EditorView, basicSetup } from 'codemirror';
import { javascript } from '@codemirror/lang-javascript';

function makeCodeEditor({ parent, doc, selection, attributes, onChange }) {
  const view = new EditorView({
    doc,
    selection,
    extensions: [
      basicSetup,
      javascript(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of(attributes),
      EditorView.updateListener.of((u) => { if (u.docChanged) onChange(u.state.doc.toString()); }),
    ],
    parent,
  });
  return {
    text: () => view.state.doc.toString(),
    // As an edit (undo brings the old text back), not a new document.
    replace: (text) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }),
    focus: () => view.focus(),
  };
}

self.LAB_CODE_EDITOR = makeCodeEditor;
