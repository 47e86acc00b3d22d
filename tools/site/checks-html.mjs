// Static HTML of a quick check; web/js/pages/checks.js adds the behaviour.
import { escapeHtml } from './html.mjs';
import { renderInline } from './markdown.mjs';

export function renderCheck(c, file) {
  const id = escapeHtml(c.id);
  const prompt = renderInline(c.prompt, file, 0);
  if (c.kind === 'choice') {
    const choices = c.choices.map((ch, k) => `
      <li><input type="radio" name="${id}" id="${id}-${escapeHtml(ch.id)}" value="${escapeHtml(ch.id)}">
        <label for="${id}-${escapeHtml(ch.id)}"><span class="choice-letter">${String.fromCharCode(65 + k)}.</span> ${renderInline(ch.text, file, 0)}</label></li>`).join('');
    return `<section class="quick-check" data-check="${id}" data-kind="choice" aria-labelledby="${id}-title">
  <h3 id="${id}-title" class="check-title">Quick check ${id.toUpperCase()}</h3>
  <fieldset><legend class="check-prompt">${prompt}</legend><ul class="choices">${choices}</ul></fieldset>
  <div class="buttons"><button type="button" class="check-submit">Check my answer</button></div>
  <div class="check-feedback" role="status" aria-live="polite"><p class="verdict"></p>${c.choices.map((ch) => `
    <div class="explanation" data-choice="${escapeHtml(ch.id)}" hidden>${renderInline(ch.explanation, file, 0)}</div>`).join('')}${c.ownResult ? `
    <div class="own-result" data-own="${escapeHtml(c.ownResult)}" hidden></div>` : ''}</div>
</section>`;
  }
  const rubric = c.rubric.map((r, k) => `<li><input type="checkbox" id="${id}-r${k}" class="rubric-item"><label for="${id}-r${k}">${renderInline(r, file, 0)}</label></li>`).join('');
  return `<section class="quick-check" data-check="${id}" data-kind="short" aria-labelledby="${id}-title">
  <h3 id="${id}-title" class="check-title">Quick check ${id.toUpperCase()}</h3>
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
