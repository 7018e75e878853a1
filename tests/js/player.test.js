// The animation clock (web/src/app/player.js) when a run arrives late: the demo and the widgets ask
// for the animation when a translation starts, but the run is in the store only once the engine has
// answered (in a slow engine, after several of the clock's ticks). Played at once, the clock found no
// run "finished" and stopped, and the first translation stayed at "before the first step" (seen in
// WebKitGTK); playNextRun starts the clock when the run is there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPlayer, playNextRun } from '../../web/src/app/player.js';
import { createPlaybackStore, createRunStore } from '../../web/src/state/stores.js';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const runOf = (n, done = true) => ({ steps: Array.from({ length: n }, (_, i) => ({ index: i })), sourceTokens: [], done });

function setup() {
  const stores = { playback: createPlaybackStore(), run: createRunStore() };
  stores.playback.set({ speed: 100, auto: false });  // a tick every 10 ms (the reader's speed, not the run's pace)
  const player = createPlayer(stores);
  return { stores, player };
}

test('playing before the run is there: the clock stops at "before the first step" (why playNextRun exists)', async () => {
  const { stores, player } = setup();
  stores.playback.set({ index: -1, playing: true });
  await sleep(50);  // the engine answers after a few ticks
  stores.run.set({ run: runOf(4), status: 'done' });
  await sleep(100);
  assert.deepEqual([stores.playback.get().index, stores.playback.get().playing], [-1, false]);
  player.stop();
});

test('playNextRun: a run that arrives after several ticks is played to its last step', async () => {
  const { stores, player } = setup();
  stores.playback.set({ index: -1, playing: false });
  playNextRun(stores);
  await sleep(50);
  assert.equal(stores.playback.get().playing, false, 'nothing to play yet');
  stores.run.set({ run: runOf(4, false), status: 'running' });
  assert.equal(stores.playback.get().playing, true, 'plays as soon as the run is in the store');
  await sleep(30);
  stores.run.get().run.done = true;
  stores.run.set({ status: 'done' });
  await sleep(150);
  assert.deepEqual([stores.playback.get().index, stores.playback.get().playing], [3, false], 'the last step, stopped');
  player.stop();
});

test('playNextRun: the previous run in the store is not played; the next one is', async () => {
  const { stores, player } = setup();
  stores.run.set({ run: runOf(3), status: 'done' });
  stores.playback.set({ index: -1, playing: false });
  playNextRun(stores);
  await sleep(50);
  assert.deepEqual([stores.playback.get().index, stores.playback.get().playing], [-1, false], 'the old run stays unplayed');
  stores.run.set({ run: runOf(5), status: 'done' });
  await sleep(150);
  assert.deepEqual([stores.playback.get().index, stores.playback.get().playing], [4, false]);
  player.stop();
});

test('playNextRun: cancelled, a run that arrives is not played', async () => {
  const { stores, player } = setup();
  const cancel = playNextRun(stores);
  cancel();
  stores.run.set({ run: runOf(2), status: 'done' });
  await sleep(50);
  assert.deepEqual([stores.playback.get().index, stores.playback.get().playing], [-1, false]);
  player.stop();
});
