// One request in flight to the worker, and only the newest waiting: what a slider
// needs. Dragging asks for dozens of results a second; each one the worker has not
// started yet is replaced by the next, so the page always catches up with the hand
// instead of working through a queue, and only the answer to the latest request is
// shown (an older one that arrives late is dropped).
//
//   const calc = new LatestCall(lab, 'scaling_stats', {onResult(r, input), onError(err, input)})
//   calc.send(input)        calc.id: the number of the latest request (for tests)
export class LatestCall {
  constructor(lab, fn, { onResult, onError }) {
    Object.assign(this, { lab, fn, onResult, onError });
    this.id = 0;
    this.pending = null;
    this.busy = false;
  }

  send(input) {
    this.pending = { input, id: ++this.id };
    if (!this.busy) this.pump();
  }

  // A newer request makes the one waiting stale; say so without computing it.
  supersede() { ++this.id; this.pending = null; }

  async pump() {
    this.busy = true;
    while (this.pending) {
      const { input, id } = this.pending;
      this.pending = null;
      try {
        const r = await this.lab.call(this.fn, input);
        if (id === this.id) this.onResult(r, input);
      } catch (err) {
        if (id === this.id) this.onError(err, input);
      }
    }
    this.busy = false;
  }
}
