// content/shared.json: what every widget shares. A widget's setting {"key": "seed",
// "shared": "seed", "default": 1, "help": ...} is the shared entry with the widget's own
// fields over it (its default and help; a label, kind or range of its own would win,
// which no widget needs). The site (content.mjs) and the tests that read the files
// resolve them here; the engine's build does the same in cmake/SettingsSchema.cmake.
//
//   resolveShared(widget, shared) -> the widget with every shared setting written out
//   (throws {message, key} for a name content/shared.json does not define)

export function resolveShared(widget, shared) {
  if (!widget || !Array.isArray(widget.settings)) return widget;
  const entries = (shared && shared.settings) || {};
  const settings = widget.settings.map((s) => {
    if (!s || s.shared === undefined) return s;
    const base = Object.prototype.hasOwnProperty.call(entries, s.shared) ? entries[s.shared] : undefined;
    if (!base) throw Object.assign(new Error(`setting "${s.key}": content/shared.json has no setting "${s.shared}"`), { key: s.key });
    const { shared: _name, ...own } = s;
    return { key: own.key, ...base, ...own };
  });
  return { ...widget, settings };
}
