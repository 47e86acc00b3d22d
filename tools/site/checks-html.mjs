// Static HTML of a quick check; web/js/pages/checks.js adds the behaviour.
import { escapeHtml } from './html.mjs';
import { renderInline } from './markdown.mjs';
import { checkLabel } from '../../web/js/work/check-label.js';

// A check's name, the same in the lesson, on the checks page and in the gradebook: its
// number (web/js/work/check-label.js: the order the lesson meets the checks) and its
// topic, and where it comes from. The page's script marks a check its assignment does
// not count (.check-assigned).
export function checkTitle(c) {
  return `<h3 id="${escapeHtml(c.id)}-title" class="check-title">Quick check ${escapeHtml(checkLabel(c))}: ${escapeHtml(c.topic)}</h3>
  <p class="check-origin">${c.module ? 'One of the module\'s own quick checks' : 'One of the lab\'s own checks'}</p>
  <p class="check-assigned help" hidden></p>`;
}

export function renderCheck(c, file) {
  const id = escapeHtml(c.id);
  const prompt = renderInline(c.prompt, file, 0);
  if (c.kind === 'choice') {
    const choices = c.choices.map((ch, k) => `
      <li><input type="radio" name="${id}" id="${id}-${escapeHtml(ch.id)}" value="${escapeHtml(ch.id)}">
        <label for="${id}-${escapeHtml(ch.id)}"><span class="choice-letter">${String.fromCharCode(65 + k)}.</span> ${renderInline(ch.text, file, 0)}</label></li>`).join('');
    return `<section class="quick-check" data-check="${id}" data-number="${escapeHtml(String(c.number))}" data-kind="choice" aria-labelledby="${id}-title">
  ${checkTitle(c)}
  <fieldset><legend class="check-prompt">${prompt}</legend><ul class="choices">${choices}</ul></fieldset>
  <div class="buttons"><button type="button" class="check-submit">Check my answer</button></div>
  <div class="check-feedback" role="status" aria-live="polite"><p class="verdict"></p>${c.choices.map((ch) => `
    <div class="explanation" data-choice="${escapeHtml(ch.id)}" hidden>${renderInline(ch.explanation, file, 0)}</div>`).join('')}${c.ownResult ? `
    <div class="own-result" data-own="${escapeHtml(c.ownResult)}" hidden></div>` : ''}</div>
</section>`;
  }
  const rubric = c.rubric.map((r, k) => `<li><input type="checkbox" id="${id}-r${k}" class="rubric-item"><label for="${id}-r${k}">${renderInline(r, file, 0)}</label></li>`).join('');
  return `<section class="quick-check" data-check="${id}" data-number="${escapeHtml(String(c.number))}" data-kind="short" aria-labelledby="${id}-title">
  ${checkTitle(c)}
  <label class="check-prompt" for="${id}-text">${prompt}</label>
  <textarea id="${id}-text" class="short-answer" rows="4" aria-describedby="${id}-hint"></textarea>
  <p id="${id}-hint" class="help">Write your answer, then compare it with a model answer and mark which points you covered.</p>
  <div class="buttons"><button type="button" class="check-submit">Compare with the model answer</button></div>
  <div class="check-feedback" role="status" aria-live="polite"></div>
  <div class="model-answer" hidden>
    <p><strong>A model answer:</strong> ${renderInline(c.modelAnswer, file, 0)}</p>
    <fieldset><legend>Which of these did your answer cover?</legend><ul class="rubric">${rubric}</ul></fieldset>
  </div>
</section>`;
}
