// Numbers and times as the pages show them: short, stable, the same on every page.
// Pure functions (no DOM).

// Short, stable display of a number: up to 3 decimals, no trailing zeros.
export function formatNumber(x, decimals = 3) {
  if (!Number.isFinite(x)) return '—';
  if (x !== 0 && (Math.abs(x) >= 1e6 || Math.abs(x) < 10 ** -decimals)) return x.toExponential(2);
  return String(Number(x.toFixed(decimals)));
}

// A time for people: "40 s", "12 minutes", "1.5 hours".
export function formatDuration(seconds) {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} minutes`;
  return `${(seconds / 3600).toFixed(1)} hours`;
}

// A fraction as a percentage with one decimal: 0.447 -> "44.7 %". The space before the
// sign is a no-break one, so a narrow cell never puts the sign on a line of its own.
export function formatPercent(x) {
  return Number.isFinite(x) ? `${(100 * x).toFixed(1)}\u00a0%` : '—';
}
