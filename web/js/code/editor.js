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
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';

// The page's theme, not CodeMirror's light default: every colour is a variable of
// web/css/lab.css (--code-*, and the page's own ground, ink and lines), so the editor is
// dark on a dark page and prints light, and each token keeps at least 4.5:1 against the
// editor's ground in both (tests/browser/themes.test.mjs measures them).
const labTheme = EditorView.theme({
  '&': { color: 'var(--ink)', backgroundColor: 'var(--field)' },
  '.cm-content': { caretColor: 'var(--ink)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--ink)' },
  '.cm-gutters': { backgroundColor: 'var(--panel)', color: 'var(--muted)', borderRight: '1px solid var(--line)' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--code-active-line)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': { backgroundColor: 'var(--code-selection)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': { backgroundColor: 'var(--code-bracket)', color: 'inherit' },
  '.cm-nonmatchingBracket, &.cm-focused .cm-nonmatchingBracket': { color: 'var(--error)' },
  '.cm-foldPlaceholder': { backgroundColor: 'var(--panel)', borderColor: 'var(--line)', color: 'var(--muted)' },
  '.cm-tooltip': { backgroundColor: 'var(--panel)', color: 'var(--ink)', border: '1px solid var(--line)' },
});
const labHighlight = HighlightStyle.define([
  { tag: tags.comment, color: 'var(--code-comment)' },
  { tag: [tags.keyword, tags.operatorKeyword, tags.modifier, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword], color: 'var(--code-keyword)' },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: 'var(--code-string)' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--code-literal)' },
  { tag: [tags.definition(tags.variableName), tags.function(tags.variableName), tags.function(tags.propertyName), tags.definition(tags.propertyName)], color: 'var(--code-name)' },
  { tag: [tags.variableName, tags.propertyName, tags.punctuation, tags.operator], color: 'var(--ink)' },
  { tag: tags.invalid, color: 'var(--error)' },
]);

function makeCodeEditor({ parent, doc, selection, attributes, onChange }) {
  const view = new EditorView({
    doc,
    selection,
    extensions: [
      basicSetup,
      javascript(),
      labTheme,
      syntaxHighlighting(labHighlight),
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
