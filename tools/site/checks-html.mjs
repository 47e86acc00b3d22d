// Static HTML of a quick check; web/js/pages/checks.js adds the behaviour.
import { escapeHtml } from './html.mjs';
import { renderInline } from './markdown.mjs';
import { checkLabel } from '../../web/js/work/check-label.js';
import { t } from '../../web/js/ui/i18n.js';
import { fallbackNote } from './layout.mjs';

// A check's name, the same in the lesson, on the checks page and in the gradebook: its
// number (web/js/work/check-label.js: the order the lesson meets the checks) and its
// topic, and where it comes from. The page's script marks a check its assignment does
// not count (.check-assigned).
export function checkTitle(c) {
  return `<h3 id="${escapeHtml(c.id)}-title" class="check-title">${escapeHtml(t('check.title', { label: checkLabel(c), topic: c.topic }))}</h3>
  <p class="check-origin">${escapeHtml(t(c.module ? 'check.fromModule' : 'check.fromLab'))}</p>
  <p class="check-assigned help" hidden></p>`;
}

// c.fallback: a check not yet written in the page's language, shown in the course's first
// language (lang: the page's; first: the check's), with a note in the page's language.
export function renderCheck(c, file, { lang = 'en', first = 'en' } = {}) {
  const id = escapeHtml(c.id);
  const marked = c.fallback ? ` lang="${first}"` : '';
  const note = c.fallback ? `\n  ${fallbackNote(lang, first)}` : '';
  const prompt = renderInline(c.prompt, file, 0);
  if (c.kind === 'choice') {
    const choices = c.choices.map((ch, k) => `
      <li><input type="radio" name="${id}" id="${id}-${escapeHtml(ch.id)}" value="${escapeHtml(ch.id)}">
        <label for="${id}-${escapeHtml(ch.id)}"><span class="choice-letter">${String.fromCharCode(65 + k)}.</span> ${renderInline(ch.text, file, 0)}</label></li>`).join('');
    return `<section class="quick-check" data-check="${id}" data-number="${escapeHtml(String(c.number))}" data-kind="choice" aria-labelledby="${id}-title"${marked}>${note}
  ${checkTitle(c)}
  <fieldset><legend class="check-prompt">${prompt}</legend><ul class="choices">${choices}</ul></fieldset>
  <div class="buttons"><button type="button" class="check-submit">${escapeHtml(t('check.submit'))}</button></div>
  <div class="check-feedback" role="status" aria-live="polite"><p class="verdict"></p>${c.choices.map((ch) => `
    <div class="explanation" data-choice="${escapeHtml(ch.id)}" hidden>${renderInline(ch.explanation, file, 0)}</div>`).join('')}${c.ownResult ? `
    <div class="own-result" data-own="${escapeHtml(c.ownResult)}" hidden></div>` : ''}</div>
</section>`;
  }
  const rubric = c.rubric.map((r, k) => `<li><input type="checkbox" id="${id}-r${k}" class="rubric-item"><label for="${id}-r${k}">${renderInline(r, file, 0)}</label></li>`).join('');
  return `<section class="quick-check" data-check="${id}" data-number="${escapeHtml(String(c.number))}" data-kind="short" aria-labelledby="${id}-title"${marked}>${note}
  ${checkTitle(c)}
  <label class="check-prompt" for="${id}-text">${prompt}</label>
  <textarea id="${id}-text" class="short-answer" rows="4" aria-describedby="${id}-hint"></textarea>
  <p id="${id}-hint" class="help">${escapeHtml(t('check.shortHint'))}</p>
  <div class="buttons"><button type="button" class="check-submit">${escapeHtml(t('check.compare'))}</button></div>
  <div class="check-feedback" role="status" aria-live="polite"></div>
  <div class="model-answer" hidden>
    <p><strong>${escapeHtml(t('check.model'))}</strong> ${renderInline(c.modelAnswer, file, 0)}</p>
    <fieldset><legend>${escapeHtml(t('check.covered'))}</legend><ul class="rubric">${rubric}</ul></fieldset>
  </div>
</section>`;
}
