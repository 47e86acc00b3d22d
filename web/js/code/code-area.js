// Where the student writes code: a plain text area at once (the starter code or the saved
// draft in it, labelled and described as the editor is, so that it can be read and typed
// in before anything else arrives), replaced by the CodeMirror editor (code/editor.js,
// bundled as js/code-editor.js) when the page is first idle or the student reaches the
// text area, whichever comes first. The swap carries what was typed, the selection and
// the focus over; should the editor's file not load, the text area stays and works.
//
//   const area = new CodeArea(parent, {doc, attributes: {'aria-label', 'aria-describedby'}, onChange});
//   area.text(); area.replace(text);   // onChange(text) after every change, typed or replaced
//   document.body.dataset.editor: 'plain' until the editor is in, then 'codemirror'
import { siteUrl } from '../ui/site-root.js';

const EDITOR_FILE = 'js/code-editor.js';
// The longest the page waits for a quiet moment before it fetches the editor anyway.
const IDLE_WAIT_MS = 2000;

let editorFile = null;
function loadEditorFile() {
  if (!editorFile) {
    editorFile = new Promise((resolve, reject) => {
      if (typeof self.LAB_CODE_EDITOR === 'function') { resolve(self.LAB_CODE_EDITOR); return; }
      const script = Object.assign(document.createElement('script'), { src: siteUrl(EDITOR_FILE) });
      script.onload = () => (typeof self.LAB_CODE_EDITOR === 'function' ? resolve(self.LAB_CODE_EDITOR) : reject(new Error(EDITOR_FILE)));
      script.onerror = () => { editorFile = null; reject(new Error(EDITOR_FILE)); };
      document.head.append(script);
    });
  }
  return editorFile;
}

export class CodeArea {
  constructor(parent, { doc, attributes, onChange }) {
    this.parent = parent;
    this.attributes = attributes;
    this.onChange = onChange;
    this.editor = null;
    this.loading = null;  // the editor's file on its way
    this.touched = false;  // the student has been in the text area
    this.composing = false;
    this.pending = null;  // the editor, waiting for a composed word to end
    this.plain = Object.assign(document.createElement('textarea'), { value: doc, spellcheck: false, className: 'code-plain' });
    for (const [name, value] of Object.entries(attributes)) this.plain.setAttribute(name, value);
    this.plain.setAttribute('autocapitalize', 'off');
    this.plain.setAttribute('autocomplete', 'off');
    this.plain.addEventListener('input', () => this.onChange(this.plain.value));
    // A word being composed (an input method) is finished before the swap.
    this.plain.addEventListener('compositionstart', () => { this.composing = true; });
    this.plain.addEventListener('compositionend', () => { this.composing = false; if (this.pending) this.swap(this.pending); });
    this.plain.addEventListener('focus', () => { this.touched = true; this.upgrade(); });
    parent.replaceChildren(this.plain);
    document.body.dataset.editor = 'plain';
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => this.upgrade(), { timeout: IDLE_WAIT_MS });
    else setTimeout(() => this.upgrade(), 0);
  }

  text() {
    return this.editor ? this.editor.text() : this.plain.value;
  }

  replace(text) {
    if (this.editor) { this.editor.replace(text); return; }
    this.plain.value = text;
    this.onChange(text);
  }

  // Fetches the editor (once) and puts it in the text area's place.
  upgrade() {
    if (this.loading) return;
    this.loading = loadEditorFile().then((make) => this.swap(make), () => { this.loading = null; });
  }

  // Synchronous from reading the text area to showing the editor: no keystroke falls between.
  swap(make) {
    if (this.editor) return;
    if (this.composing) { this.pending = make; return; }
    this.pending = null;
    const { value, selectionStart, selectionEnd, selectionDirection } = this.plain;
    const focused = document.activeElement === this.plain;
    const backward = selectionDirection === 'backward';
    // Made in the page beside the text area (so that it measures itself), which then goes.
    this.editor = make({
      parent: this.parent,
      doc: value,
      // Where the student left the caret; an untouched area opens at the start, as ever.
      selection: this.touched ? { anchor: backward ? selectionEnd : selectionStart, head: backward ? selectionStart : selectionEnd } : undefined,
      attributes: this.attributes,
      onChange: (text) => this.onChange(text),
    });
    this.plain.remove();
    document.body.dataset.editor = 'codemirror';
    if (focused) this.editor.focus();
  }
}
