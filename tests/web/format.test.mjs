// The one number format of the pages (web/js/ui/format.js): plain decimals between 0.001
// and 10,000, a power of ten with real superscripts outside, never e-notation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatElapsed, formatNumber, formatPowerOfTen, formatNearZero, formatPrecise, powerOfTen, formatPercent } from '../../web/js/ui/format.js';

const E_NOTATION = /\d(\.\d+)?e[+-]?\d/i;

test('inside 0.001 to 10,000 a number is a plain decimal, trailing zeros dropped', () => {
  assert.equal(formatNumber(0.5), '0.5');
  assert.equal(formatNumber(0.12345), '0.123');
  assert.equal(formatNumber(2.5, 2), '2.5');
  assert.equal(formatNumber(9999), '9999');
  assert.equal(formatNumber(0.001), '0.001');
  assert.equal(formatNumber(-0.25), '-0.25');
  assert.equal(formatNumber(0), '0');
});

test('a small number the decimals would round away keeps two significant digits, not e-notation', () => {
  // The translation page's "2.02e-3" (2 decimals): a plain 0.002, not 0 and not 2.02e-3.
  assert.equal(formatNumber(0.00202, 2), '0.002');
  assert.equal(formatNumber(0.0047, 2), '0.0047');
  assert.equal(formatNumber(0.00999, 2), '0.01');
});

test('outside the range a number is a power of ten with superscripts ("2.0 × 10⁻³")', () => {
  assert.equal(formatNumber(1.45e-10), '1.4\u00a0×\u00a010⁻¹⁰');
  assert.equal(formatNumber(4.44e-16), '4.4\u00a0×\u00a010⁻¹⁶');
  assert.equal(formatNumber(0.000202), '2.0\u00a0×\u00a010⁻⁴');
  assert.equal(formatNumber(-3.1e-5), '-3.1\u00a0×\u00a010⁻⁵');
  assert.equal(formatNumber(12345, 0), '1.2\u00a0×\u00a010⁴');
  assert.equal(formatNumber(2.5e12), '2.5\u00a0×\u00a010¹²');
  // The bound is on the number as shown: 9999.7 shown with no decimals would be 10000.
  assert.equal(formatNumber(9999.7, 0), '1.0\u00a0×\u00a010⁴');
  assert.equal(formatPowerOfTen(0.00202), '2.0\u00a0×\u00a010⁻³');
  assert.equal(formatPowerOfTen(6.02e23, 3), '6.02\u00a0×\u00a010²³');
  assert.equal(powerOfTen(-9), '10⁻⁹');
  assert.equal(powerOfTen(10), '10¹⁰');
});

test('no value anywhere on the scale comes out in e-notation or with a bare exponent', () => {
  for (let e = -20; e <= 20; ++e) {
    for (const m of [1, 2.02, 4.44, 9.996]) {
      for (const decimals of [0, 1, 2, 3]) {
        const x = m * 10 ** e, shown = formatNumber(x, decimals), negative = formatNumber(-x, decimals);
        assert.doesNotMatch(shown, E_NOTATION, `${x} with ${decimals} decimals`);
        assert.doesNotMatch(negative, E_NOTATION, `${-x} with ${decimals} decimals`);
        if (shown.includes('×')) assert.ok(Math.abs(x) < 0.001 || Math.abs(x) >= 9999.5, `${x} shown as a power of ten: ${shown}`);
        else assert.ok(Math.abs(Number(shown) - x) <= Math.max(0.5 * 10 ** -decimals, Math.abs(x) * 0.05), `${x} shown as ${shown}`);
      }
    }
  }
});

test('a difference that should be zero reads as zero up to rounding, with its bound', () => {
  assert.equal(formatNearZero(4.44e-16), '0 up to rounding (below\u00a010⁻⁹)');
  assert.equal(formatNearZero(0), '0 up to rounding (below\u00a010⁻⁹)');
  assert.equal(formatNearZero(2e-7, 1e-6), '0 up to rounding (below\u00a010⁻⁶)');
  // Above the bound the difference is a finding and is shown as a number.
  assert.equal(formatNearZero(0.3), '0.3');
  assert.equal(formatNearZero(2e-5), '2.0\u00a0×\u00a010⁻⁵');
});

test('a precise number keeps its digits, in the same range rule (the code page\'s comparisons)', () => {
  assert.equal(formatPrecise(0.25000012), '0.25000012');
  assert.equal(formatPrecise(1 / 3), '0.33333333');
  assert.equal(formatPrecise(1.2e-7), '1.2\u00a0×\u00a010⁻⁷');
  assert.equal(formatPrecise(4.5399929762484854e-5), '4.539993\u00a0×\u00a010⁻⁵');
  assert.equal(formatPrecise(-123456789), '-1.2345679\u00a0×\u00a010⁸');
  assert.equal(formatPrecise(0), '0');
  assert.equal(formatPrecise(NaN), 'NaN');
  assert.equal(formatPrecise(-Infinity), '-Infinity');
  for (let e = -30; e <= 30; ++e) assert.doesNotMatch(formatPrecise(1.2345 * 10 ** e), E_NOTATION);
});

test('not a number: a dash, never "NaN" or "Infinity"', () => {
  for (const f of [formatNumber, formatPowerOfTen, formatNearZero, formatPercent]) {
    assert.equal(f(NaN), '—');
    assert.equal(f(Infinity), '—');
  }
});

test('a run\'s time is never shown as nothing: milliseconds under a tenth of a second', () => {
  assert.equal(formatElapsed(1.4321), '1.4\u00a0s');
  assert.equal(formatElapsed(0.1), '0.1\u00a0s');
  assert.equal(formatElapsed(0.056), '56\u00a0ms');
  assert.equal(formatElapsed(0.0001), '1\u00a0ms');
  assert.equal(formatElapsed(0), '1\u00a0ms');
});
