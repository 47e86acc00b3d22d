// A page's start in turns. A page's script used to do all it does at start in one task:
// its modules' set-up (the embed box, the scroll frames, the empty figures watched), then
// its main() (the settings form, the prediction, the charts, the buttons wired), 100-250 ms
// on the 2-core test machine, a long task (over 50 ms) in which the page answers nothing.
// nextTurn() ends the current task and goes on in a new one, after whatever the browser
// has waiting (a click, a frame to draw).
//   nextTurn().then(main);   // main() in a task of its own, after the script's evaluation
//
// scheduler.yield() where the browser has it (Chromium): the page's turn comes back
// before other queued work of the page. Elsewhere a message on a channel of its own: a
// new task at once, which no timer's 4 ms clamp or background throttling delays.
export function nextTurn() {
  if (typeof scheduler !== 'undefined' && typeof scheduler.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => { port1.close(); resolve(); };
    port2.postMessage(null);
  });
}
