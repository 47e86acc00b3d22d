// The views a run fills (its maps, tables, captions, messages), put back as the page
// first showed them when a new run starts: nothing of the last run is drawn under the
// next one's settings, or left beside it, until the next run has numbers of its own.
//   const resetRunViews = viewsAsLoaded(['tr-map', 'tr-buckets', ...]);   // at load
//   resetRunViews();                                                      // at Start
// Each element stays the same node (listeners on it survive); its children and
// attributes are those it had at load, and a canvas is cleared.
export function viewsAsLoaded(ids) {
  const loaded = ids.map((id) => {
    const el = document.getElementById(id);
    if (!el) throw new Error(`viewsAsLoaded: no element #${id}`);
    return [el, el.cloneNode(true)];
  });
  return () => {
    for (const [el, copy] of loaded) {
      for (const name of el.getAttributeNames()) if (!copy.hasAttribute(name)) el.removeAttribute(name);
      for (const name of copy.getAttributeNames()) el.setAttribute(name, copy.getAttribute(name));
      el.replaceChildren(...Array.from(copy.cloneNode(true).childNodes));
      if (el instanceof HTMLCanvasElement) el.width = copy.width;  // setting the width clears it
    }
  };
}
