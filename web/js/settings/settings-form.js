// A widget's settings as a form, built from its schema (content/widgets/NAME.json):
// per setting a label, a text field (or a select for a choice, its options shown by
// their "choiceLabels" where given), its help with the allowed range, and a message slot next to it. A spec with "slider": "linear" or
// "log" also gets a range input that moves with the field (the field holds the value;
// a slider on a log scale reaches both ends of 1 .. 1024 with one hand). Help is on
// demand: a "?" button beside the label opens it (the field is described by it either
// way). Settings marked "more": true (rarely changed) are folded under "More settings",
// which opens by itself when one of them is not at its default or is wrong. A setting
// marked "primary": true (the one knob a page is about) goes to options.primary, an
// element beside the page's picture, when the page has one.
//
//   const form = buildSettingsForm(element, spec, onChange, { primary: $('primary-settings') })
//   form.fill(settings); form.fillDefaults(); form.read() -> {settings} | null (and marks bad fields)
// Ids: set-KEY, set-KEY-slider, set-KEY-help, set-KEY-error.
import { parseAll, rangeText } from './settings-schema.js';
import { numberText } from './parse.js';
import { plainMaths, writeMaths } from '../ui/maths.js';
import { localDecimal, pageLanguage, t } from '../ui/i18n.js';

// A field's text is the page's language's ("0,5" in French); the settings it gives are
// numbers, the same in every language.
const shown = (v) => localDecimal(String(v));
const typed = (text) => Number(numberText(text, { lang: pageLanguage() }) ?? NaN);

const STEPS = 1000;  // slider positions

function toSlider(s, value) {
  const t = s.slider === 'log' ? Math.log(value / s.min) / Math.log(s.max / s.min) : (value - s.min) / (s.max - s.min);
  return String(Math.round(Math.min(1, Math.max(0, t)) * STEPS));
}
function fromSlider(s, position) {
  const t = Number(position) / STEPS;
  const v = s.slider === 'log' ? s.min * (s.max / s.min) ** t : s.min + t * (s.max - s.min);
  return s.kind === 'int' ? Math.round(v) : Number(v.toPrecision(3));
}

export function buildSettingsForm(form, spec, onChange, { primary = null } = {}) {
  const $ = (id) => document.getElementById(id);
  let more = null;  // the fold for the rarely changed settings, at the form's end
  for (const s of spec) {
    const id = `set-${s.key}`;
    const wrap = Object.assign(document.createElement('div'), { className: 'field' });
    const label = writeMaths(Object.assign(document.createElement('label'), { htmlFor: id }), s.label);
    let input;
    if (s.kind === 'choice') {
      input = document.createElement('select');
      for (const c of s.choices) input.append(Object.assign(document.createElement('option'), { value: c, textContent: plainMaths((s.choiceLabels && s.choiceLabels[c]) || c) }));
    } else {
      input = Object.assign(document.createElement('input'), { type: 'text', inputMode: s.kind === 'int' ? 'numeric' : 'decimal', spellcheck: false });
    }
    input.id = id;
    input.name = s.key;
    input.setAttribute('aria-describedby', `${id}-help ${id}-error`);
    const help = writeMaths(Object.assign(document.createElement('p'), { className: 'help', id: `${id}-help`, hidden: true }), s.kind === 'choice' ? s.help : t('setting.help', { help: s.help, range: rangeText(s) }));
    const ask = Object.assign(document.createElement('button'), { type: 'button', className: 'help-toggle', textContent: '?' });
    ask.setAttribute('aria-label', t('setting.about', { label: plainMaths(s.label) }));
    ask.setAttribute('aria-expanded', 'false');
    ask.setAttribute('aria-controls', help.id);
    ask.addEventListener('click', () => {
      help.hidden = !help.hidden;
      ask.setAttribute('aria-expanded', String(!help.hidden));
    });
    const head = Object.assign(document.createElement('div'), { className: 'field-head' });
    head.append(label, ask);
    const err = Object.assign(document.createElement('p'), { className: 'error', id: `${id}-error` });
    err.setAttribute('aria-live', 'polite');
    wrap.append(head, input);
    if (s.slider && s.kind !== 'choice') {
      const slider = Object.assign(document.createElement('input'), { type: 'range', id: `${id}-slider`, min: '0', max: String(STEPS), step: '1' });
      slider.setAttribute('aria-label', t(s.slider === 'log' ? 'setting.sliderLog' : 'setting.slider', { label: plainMaths(s.label) }));
      slider.addEventListener('input', () => {
        const v = fromSlider(s, slider.value);
        slider.setAttribute('aria-valuetext', shown(v));
        input.value = shown(v);
        onChange();
      });
      wrap.append(slider);
    }
    wrap.append(help, err);
    input.addEventListener(s.kind === 'choice' ? 'change' : 'input', () => {
      const slider = $(`${id}-slider`);
      const v = typed(input.value);
      if (slider && Number.isFinite(v) && v >= s.min && v <= s.max) {
        slider.value = toSlider(s, v);
        slider.setAttribute('aria-valuetext', shown(v));
      }
      onChange();
    });
    if (s.primary && primary) {
      primary.append(wrap);
    } else if (s.more) {
      if (!more) {
        more = Object.assign(document.createElement('details'), { className: 'more-settings' });
        more.append(Object.assign(document.createElement('summary'), { textContent: t('setting.more', { count: spec.filter((x) => x.more).length }) }));
      }
      more.append(wrap);
    } else {
      form.append(wrap);
    }
  }
  if (more) form.append(more);  // after the settings most runs change
  return {
    fillDefaults() { this.fill(Object.fromEntries(spec.map((s) => [s.key, s.default]))); },
    fill(settings) {
      if (more && spec.some((s) => s.more && settings[s.key] !== s.default)) more.open = true;
      for (const s of spec) {
        $(`set-${s.key}`).value = s.kind === 'choice' ? String(settings[s.key]) : shown(settings[s.key]);
        const slider = $(`set-${s.key}-slider`);
        if (slider) { slider.value = toSlider(s, settings[s.key]); slider.setAttribute('aria-valuetext', shown(settings[s.key])); }
      }
    },
    read() {
      const { settings, errors } = parseAll(spec, Object.fromEntries(spec.map((s) => [s.key, $(`set-${s.key}`).value])), { lang: pageLanguage() });
      for (const s of spec) {
        const message = errors[s.key] || '';
        $(`set-${s.key}-error`).textContent = message;
        $(`set-${s.key}`).setAttribute('aria-invalid', message ? 'true' : 'false');
        if (message && s.more && more) more.open = true;
      }
      return Object.keys(errors).length === 0 ? settings : null;
    },
  };
}
