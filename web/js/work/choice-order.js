// Each student's own order of a multiple-choice check's options, so that "the answer to
// Q2 is C" does not pass from one student to the next. Drawn from the student's name (as
// the seed of their exercises is) and the check's id: the same student always sees the
// same order, on every page. Grading is by option id (grading.js), never by position; the
// hand-in names options in the answer key's order.
import { normaliseStudent } from './exercise-work.js';

// FNV-1a, 32 bits, of the normalised name and the check id; then mulberry32 draws a
// Fisher–Yates shuffle. -> a permutation of 0..n-1 (the identity without a name).
export function choiceOrder(student, checkId, n) {
  const order = Array.from({ length: n }, (_, i) => i);
  const who = normaliseStudent(student || '');
  if (!who) return order;
  let h = 0x811c9dc5;
  for (const ch of `${who}\x1f${checkId}`) h = Math.imul(h ^ ch.codePointAt(0), 0x01000193) >>> 0;
  const next = () => {  // mulberry32
    h = (h + 0x6d2b79f5) >>> 0;
    let t = h;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = n - 1; i > 0; --i) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

// The options of every choice check under root put in the student's order, lettered A, B, …
// in that order.
export function orderChoices(root, student) {
  for (const el of root.querySelectorAll('.quick-check[data-kind="choice"]')) {
    const list = el.querySelector('ul.choices');
    const items = [...list.children];
    const order = choiceOrder(student, el.dataset.check, items.length);
    list.replaceChildren(...order.map((k) => items[k]));
    [...list.children].forEach((li, k) => {
      const letter = li.querySelector('.choice-letter');
      if (letter) letter.textContent = `${String.fromCharCode(65 + k)}.`;
    });
  }
}
