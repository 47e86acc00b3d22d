// Which messages iframe-resizer may see on either side of an embed (web/js/embed/
// resizer-messages.js): from the right window and origin, well formed; nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { childAccepts, frameOrigin, initOk, parentAccepts, stringFormThrows } from '../../web/js/embed/resizer-messages.js';

const INIT = '[iFrameSizer]lms-table:8:false:false:32:true:true:8px:bodyOffset:null:null:0:false:child:scroll:true';

test('objects whose string form throws, as iframe-resizer would turn them into strings', () => {
  for (const x of [{ toString: 1 }, { toString: 1, valueOf: 1 }, [{ toString: 'x' }]]) assert.equal(stringFormThrows(x), true);
  for (const x of ['', 'a', 1, null, undefined, {}, [1, 2], { type: 'case' }, { valueOf: 1 }]) assert.equal(stringFormThrows(x), false);
});

test('the widget side: only its parent, from the origin of its first init, and only what the lab uses', () => {
  const parent = {}, stranger = {};
  const fresh = () => ({ parent, origin: null, initialised: false });
  const ev = (data, source = parent, origin = 'https://course.example') => ({ data, source, origin });
  assert.equal(initOk(INIT.slice(13)), true);
  assert.deepEqual(childAccepts(ev(INIT), fresh()), { ok: true, init: true });
  assert.equal(childAccepts(ev(INIT, stranger), fresh()).ok, false, 'not the parent');
  assert.equal(childAccepts(ev(INIT, null), { ...fresh(), parent: null }).ok, false, 'a page not in a frame has no parent to listen to');
  const running = { parent, origin: 'https://course.example', initialised: true };
  assert.equal(childAccepts(ev('[iFrameSizer]reset', parent, 'https://other.example'), running).ok, false, 'another origin than the init\'s');
  assert.equal(childAccepts(ev('[iFrameSizer]reset'), fresh()).ok, false, 'nothing but an init before the init');
  for (const ok of ['[iFrameSizer]reset', '[iFrameSizer]resize', '[iFrameSizer]pageInfo:{"iframeHeight":3}']) assert.equal(childAccepts(ev(ok), running).ok, true, ok);
  for (const bad of ['[iFrameSizer]garbage', '[iFrameSizer]', '[iFrameSizer]message:{"a":1}', '[iFrameSizer]pageInfo:{bad',
    '[iFrameSizer]moveToAnchor:%E0', '[iFrameSizer]inPageLink:#x', INIT.replace('bodyOffset', '__proto__'), INIT.replace('bodyOffset', 'constructor'),
    INIT.replace(':32:', ':x:'), INIT.replace(':child:', ':elsewhere:'), { toString: 1 }]) {
    assert.equal(childAccepts(ev(bad), running).ok, false, String(typeof bad === 'string' ? bad : 'an object'));
  }
  // The lab's other messages pass untouched (the slide's, the code sandbox's).
  for (const other of ['slide:stop', { type: 'case', id: 1 }, 7]) assert.equal(childAccepts(ev(other, stranger), running).ok, true);
});

test('the embedding page: sizes only from its own frame, from that frame\'s origin, naming it', () => {
  const win = {}, other = {};
  const frames = [{ window: win, id: 'lms-table', origin: 'https://lab.example' }, { window: other, id: 'lms-race', origin: 'https://lab.example' }];
  const ev = (data, source = win, origin = 'https://lab.example') => ({ data, source, origin });
  for (const ok of ['[iFrameSizer]lms-table:1118:640:init', '[iFrameSizer]lms-table:900:640:mutationObserver', '[iFrameSizer]lms-table:900.5:640:animationend', '[iFrameResizerChild]Ready']) {
    assert.equal(parentAccepts(ev(ok), frames), true, ok);
  }
  assert.equal(parentAccepts(ev('[iFrameSizer]lms-table:5:5:resize', {}), frames), false, 'not one of its frames');
  assert.equal(parentAccepts(ev('[iFrameSizer]lms-table:5:5:resize', win, 'https://evil.example'), frames), false, 'another origin');
  assert.equal(parentAccepts(ev('[iFrameSizer]lms-race:5:5:resize'), frames), false, 'naming another frame');
  for (const bad of ['[iFrameSizer]garbage', '[iFrameSizer]', '[iFrameSizer]lms-table:10:10:message:{bad', '[iFrameSizer]lms-table:1:1:autoResize',
    '[iFrameSizer]lms-table:5:5:close', '[iFrameSizer]lms-table:abc:10:resize', '[iFrameSizer]lms-table:5:5:scrollTo', '[iFrameSizer]lms-table:5:5:true',
    '[iFrameSizer]lms-table:5:5:constructor', '[iFrameResizerChild]Other', { toString: 1 }]) {
    assert.equal(parentAccepts(ev(bad), frames), false, String(typeof bad === 'string' ? bad : 'an object'));
  }
  // Everything else on the page is not the resizer's business: it passes, from anywhere.
  for (const other2 of ['{"method":"slide"}', { type: 'attention-lab:escape' }, null]) assert.equal(parentAccepts(ev(other2, {}, 'https://x.example'), frames), true);
  assert.equal(frameOrigin('../race.html?embed', 'https://lab.example/embed/lms-page.html'), 'https://lab.example');
  assert.equal(frameOrigin('race.html', 'file:///home/me/lab/embed/x.html'), 'null');
});
