// Types of engine/core.js's bookkeeping: what it holds of each model, generation and sliced translation,
// by id (the Embind objects of engine/attnseq.d.ts, each deleted by core.js). Named apart from core.js: a
// .d.ts of the same name would hide the module from web/tsconfig.json's type check.
import type { EmbindTranslator, EmbindSession, EmbindJob } from '../../dist/attnseq.js';

/** A loaded model: its Translator and the ids of its open sessions and jobs (closed with it). */
export interface ModelSlot {
  translator: EmbindTranslator;
  sessions: Set<number>;
  jobs: Set<number>;
}

/** A generation (Translator.generate()): its Session and its model's id. */
export interface SessionSlot {
  session: EmbindSession;
  model: number;
}

/** A translation taken in slices (the worker's translate()): its Job and its model's id. */
export interface JobSlot {
  job: EmbindJob;
  model: number;
}
