// Numbers and times as the pages show them: short, stable, the same on every page, in the
// page's language (ui/i18n.js: "0,25" and "12 minutes" in French). No DOM of their own.
//
// One rule for every number a student or an instructor reads: between 0.001 and 10,000
// a plain decimal ("0.002", "2.5", "9999"); outside it a power of ten written as a
// person writes it ("2.0 × 10⁻³", "1.5 × 10⁻¹⁰"), never a program's e-notation ("2.02e-3").

import { localDecimal, t } from './i18n.js';

const SUPERSCRIPT = { '-': '\u207b', 0: '\u2070', 1: '\u00b9', 2: '\u00b2', 3: '\u00b3', 4: '\u2074', 5: '\u2075', 6: '\u2076', 7: '\u2077', 8: '\u2078', 9: '\u2079' };

// 10 to an integer power, its exponent in superscripts: -3 -> "10⁻³".
export function powerOfTen(exponent) {
  return `10${String(Math.trunc(exponent)).replace(/[-0-9]/g, (c) => SUPERSCRIPT[c])}`;
}

// A number as a multiple of a power of ten with `digits` significant digits:
// 0.00202 -> "2.0 × 10⁻³". The spaces round the sign are no-break ones, so the number
// never splits across lines.
export function formatPowerOfTen(x, digits = 2) {
  if (!Number.isFinite(x)) return '—';
  if (x === 0) return '0';
  const [mantissa, exponent] = x.toExponential(Math.max(0, digits - 1)).split('e');
  return `${localDecimal(mantissa)}\u00a0×\u00a0${powerOfTen(Number(exponent))}`;
}

// Short, stable display of a number: up to `decimals` decimals, no trailing zeros, inside
// 0.001 to 10,000; a value too small for the decimals keeps two significant digits
// (0.00202 with 2 decimals -> "0.002", not "0"); outside the range a power of ten.
export function formatNumber(x, decimals = 3) {
  if (!Number.isFinite(x)) return '—';
  if (x === 0) return '0';
  const size = Math.abs(x);
  if (size < 0.001 || Number(size.toFixed(decimals)) >= 10000) return formatPowerOfTen(x, 2);
  if (size < 10 ** -decimals) return localDecimal(String(Number(x.toPrecision(2))));
  return localDecimal(String(Number(x.toFixed(decimals))));
}

// A number with all its `digits` significant digits, for a comparison where the eighth
// digit matters (the code page's "expected 0.25, got 0.25000012"): the same range rule,
// trailing zeros dropped; NaN and the infinities by name, as JavaScript prints them.
export function formatPrecise(x, digits = 8) {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  if (x === 0) return '0';
  const size = Math.abs(x);
  if (size >= 0.001 && size < 10000) return localDecimal(String(Number(x.toPrecision(digits))));
  const [mantissa, exponent] = x.toExponential(digits - 1).split('e');
  return `${localDecimal(mantissa.includes('.') ? mantissa.replace(/\.?0+$/, '') : mantissa)}\u00a0×\u00a0${powerOfTen(Number(exponent))}`;
}

// A difference that should be zero (the same outputs reordered, a probability that must
// not move): at or below `tolerance` it is said to be zero up to rounding, with the bound,
// not printed as the rounding noise it is ("4.4 × 10⁻¹⁶" reads as a finding).
export function formatNearZero(x, tolerance = 1e-9) {
  if (!Number.isFinite(x)) return '—';
  if (Math.abs(x) <= tolerance) return t('format.nearZero', { bound: powerOfTen(Math.round(Math.log10(tolerance))) });
  return formatNumber(x);
}

// A number and its unit kept on one line: "4.70 s", "0.047 ms", "95 %". The space is a
// no-break one, so a narrow cell or a phone's line never leaves the unit on a line of its own.
export function withUnit(value, unit) {
  return `${value}\u00a0${unit}`;
}

// Settings as a student reads them: "T = 30, seed = 3151" (shown through
// ui/unbroken.js, which keeps each "seed = 3151" on one line).
export function settingsText(settings) {
  return Object.entries(settings).map(([k, v]) => `${k} = ${v}`).join(', ');
}

// A time for people: "40 s", "12 minutes", "1.5 hours" (plain spaces: a page shows it
// through ui/unbroken.js where a line could split it).
export function formatDuration(seconds) {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 5400) return t('format.minutes', { n: String(Math.round(seconds / 60)) });
  return t('format.hours', { n: localDecimal((seconds / 3600).toFixed(1)) });
}

// How long a run took, as a page reports it: "1.4 s", or "56 ms" under a tenth of a
// second (a small run trains that fast; "0.0 s" would read as nothing done). The
// space before the unit is a no-break one.
export function formatElapsed(seconds) {
  if (!(seconds >= 0.1)) return withUnit(Math.max(1, Math.round(seconds * 1000)), 'ms');
  return withUnit(localDecimal(seconds.toFixed(1)), 's');
}

// A fraction as a percentage with one decimal: 0.447 -> "44.7 %". The space before the
// sign is a no-break one, so a narrow cell never puts the sign on a line of its own.
export function formatPercent(x) {
  return Number.isFinite(x) ? `${localDecimal((100 * x).toFixed(1))}\u00a0%` : '—';
}
