// The views' render scheduling (web/src/components/frames.js): a page may hold renders for a frame so
// that what it draws itself (the translation's text) is painted first. Frames are simulated here: a
// requestAnimationFrame that the test runs by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { scheduleRender, holdRenders, rendersDone } from '../../web/src/components/frames.js';

test('without frames (Node) nothing is held: renders run in the next microtask', async () => {
  const ran = [];
  const held = holdRenders();
  scheduleRender(() => ran.push('a'));
  assert.deepEqual(ran, []);
  await null;
  assert.deepEqual(ran, ['a']);
  await held;
  await rendersDone();
});

test('held renders wait for the frame, then run in order, once; rendersDone resolves after them', async () => {
  const frames = [];
  globalThis.requestAnimationFrame = (cb) => { frames.push(cb); return frames.length; };
  globalThis.document = /** @type {any} */ ({ visibilityState: 'visible', addEventListener() {}, removeEventListener() {} });
  try {
    const ran = [];
    const released = holdRenders();
    assert.equal(holdRenders(), released, 'a second hold joins the first');
    scheduleRender(() => ran.push('loop'));
    scheduleRender(() => ran.push('lines'));
    let done = false;
    rendersDone().then(() => { done = true; });
    await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(ran, [], 'nothing before the frame');
    assert.equal(done, false);
    assert.equal(frames.length, 1);
    frames.shift()(0);  // the frame: its callbacks, then (a task later) the held renders
    await new Promise((r) => setTimeout(r, 5));
    assert.deepEqual(ran, ['loop', 'lines']);
    assert.equal(done, true);
    // after the release, renders are microtasks again
    scheduleRender(() => ran.push('after'));
    await null;
    assert.deepEqual(ran, ['loop', 'lines', 'after']);
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(ran, ['loop', 'lines', 'after'], 'the renders ran once');
  } finally {
    delete globalThis.requestAnimationFrame;
    delete globalThis.document;
  }
});

test('without a page (a worker, Node with a requestAnimationFrame) held renders run after 100 ms', async () => {
  globalThis.requestAnimationFrame = () => 1;  // (never called back)
  try {
    const ran = [];
    const start = Date.now();
    holdRenders();
    scheduleRender(() => ran.push('x'));
    await rendersDone();
    assert.deepEqual(ran, ['x']);
    assert.ok(Date.now() - start < 900, 'not the 1 s wait of a shown page');
  } finally {
    delete globalThis.requestAnimationFrame;
  }
});

test('a hidden tab, which gets no frame, has its held renders run after 100 ms', async () => {
  globalThis.requestAnimationFrame = () => 1;  // (never called back)
  globalThis.document = /** @type {any} */ ({ visibilityState: 'hidden' });
  try {
    const ran = [];
    holdRenders();
    scheduleRender(() => ran.push('x'));
    await new Promise((r) => setTimeout(r, 40));
    assert.deepEqual(ran, []);
    await rendersDone();
    assert.deepEqual(ran, ['x']);
  } finally {
    delete globalThis.requestAnimationFrame;
    delete globalThis.document;
  }
});

// A busy machine's frame takes over 100 ms; the renders held for it ran before it was painted (the text
// and the figures then came in one frame: the e2e test of the text painted first failed under load).
test('a visible page waits for its frame even when it is slow; a tab hidden meanwhile is not waited for', async () => {
  const frames = [];
  const listeners = new Map();
  globalThis.requestAnimationFrame = (cb) => { frames.push(cb); return frames.length; };
  const doc = {
    visibilityState: 'visible',
    addEventListener: (type, fn) => listeners.set(type, fn),
    removeEventListener: (type, fn) => { if (listeners.get(type) === fn) listeners.delete(type); },
  };
  globalThis.document = /** @type {any} */ (doc);
  try {
    const ran = [];
    holdRenders();
    scheduleRender(() => ran.push('slow'));
    await new Promise((r) => setTimeout(r, 250));
    assert.deepEqual(ran, [], 'not run before the frame, 250 ms on');
    frames.shift()(0);
    await rendersDone();
    assert.deepEqual(ran, ['slow']);
    assert.equal(listeners.size, 0, 'the visibility listener is removed');

    holdRenders();
    scheduleRender(() => ran.push('hidden'));
    await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(ran, ['slow']);
    doc.visibilityState = 'hidden';
    listeners.get('visibilitychange')();
    await rendersDone();
    assert.deepEqual(ran, ['slow', 'hidden'], 'run when the tab was hidden, without its frame');
  } finally {
    delete globalThis.requestAnimationFrame;
    delete globalThis.document;
  }
});
