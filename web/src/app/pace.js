// The animation's default pace: as many steps per second as it takes for the whole sentence to play
// in about PACE_SECONDS (a 5-token sentence at 2 steps/s, a 40-token one at 6.5), never slower than
// 2 steps/s nor faster than 8 (a step still readable). The reader's own choice of speed replaces it.
export const PACE_SECONDS = 6;
export const PACE_MIN = 2, PACE_MAX = 8;

/**
 * Steps per second for a run of `steps` tokens (half-steps: 2, 2.5, …, 8).
 * @param {number} steps
 */
export function paceFor(steps) {
  const v = Math.round((2 * steps) / PACE_SECONDS) / 2;
  return Math.min(PACE_MAX, Math.max(PACE_MIN, v));
}

/**
 * The pace of a run as it streams: its steps once done, else the larger of the steps so far and its
 * source length (a translation is about as long as its source).
 * @param {{done: boolean, steps: unknown[], sourceTokens: unknown[]} | null | undefined} run
 */
export function paceOfRun(run) {
  if (!run) return PACE_MIN;
  return paceFor(run.done ? run.steps.length : Math.max(run.steps.length, run.sourceTokens.length));
}

/**
 * The steps per second the player uses: the reader's speed, or the run's pace when none was chosen.
 * @param {{speed: number, auto?: boolean}} playback
 * @param {Parameters<typeof paceOfRun>[0]} run
 */
export function stepsPerSecond(playback, run) {
  return playback.auto ? paceOfRun(run) : playback.speed;
}
