// A question asked inside the page, in place of window.confirm: the native dialog
// stops the whole page (and every test driving it), looks like the browser's rather
// than the lab's, and a sandboxed frame (a slide, an LMS page) may not show it at all.
//
// The question appears right after `after` (the button pressed, or the line beside
// it), with two buttons; focus moves to the one that goes ahead, Escape or the other
// answers no. A second question at the same place answers the first one no.
//
//   if (!(await confirmInPage($('start-over'), 'Erase all your answers?', { yes: 'Erase them' }))) return;
import { t } from './i18n.js';

let open = null;  // {box, answer}: the question still waiting

export function confirmInPage(after, question, { yes = t('ui.confirmYes'), no = t('ui.confirmNo') } = {}) {
  if (open) open.answer(false);
  const box = document.createElement('div');
  box.className = 'confirm';
  box.setAttribute('role', 'alertdialog');
  const id = `confirm-${Math.random().toString(36).slice(2, 8)}`;
  box.setAttribute('aria-labelledby', id);
  const text = document.createElement('p');
  text.id = id;
  text.textContent = question;
  const go = document.createElement('button');
  go.type = 'button';
  go.className = 'primary confirm-yes';
  go.textContent = yes;
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.className = 'confirm-no';
  cancel.textContent = no;
  box.append(text, go, cancel);
  after.after(box);
  go.focus();
  return new Promise((resolve) => {
    const answer = (value) => {
      if (open && open.box === box) open = null;
      const hadFocus = box.contains(document.activeElement);
      box.remove();
      if (hadFocus && after.isConnected && !value && typeof after.focus === 'function') after.focus();
      resolve(value);
    };
    open = { box, answer };
    go.addEventListener('click', () => answer(true));
    cancel.addEventListener('click', () => answer(false));
    box.addEventListener('keydown', (e) => { if (e.key === 'Escape') { e.preventDefault(); answer(false); } });
  });
}
