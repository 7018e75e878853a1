// Types of the attnseq JavaScript API (web/src/index.js). Checked by `tsc` in the tests
// (tests/js/types-check.ts).

/**
 * Stable error codes.
 * From the C++ runtime (attnseq::code_name):
 * - `MODEL_TRUNCATED`   the file ends before its header or a tensor's data (e.g. an interrupted download)
 * - `MODEL_BAD_HEADER`  not a safetensors file (e.g. an HTML error page), or a damaged header
 * - `MODEL_BAD_TENSOR`  a tensor's dtype, shape or offsets are wrong, missing or unexpected
 * - `MODEL_BAD_CONFIG`  config/metadata missing, inconsistent, or not an attnseq model
 * - `MODEL_VERSION`     the file's format version is newer than this runtime reads
 * - `BAD_TOKENIZER`     the tokenizer stored in the model is malformed
 * - `BAD_OPTION`        a decoding option is unknown, of the wrong type or out of range (the message names it)
 * - `BAD_INPUT`         the text is not a string, or cannot be processed
 * - `INPUT_TOO_LONG`    the text has more tokens than the model accepts (`info.config.maxSrcLen`, `</s>`
 *                       included): nothing is truncated; translate one sentence at a time
 * - `INTERNAL`          a bug in attnseq (please report), or a crashed WebAssembly instance
 * From the JavaScript side:
 * - `OUT_OF_MEMORY`     the WebAssembly heap cannot grow any further
 * - `LOAD_FAILED`       the model could not be fetched or read (network error, HTTP status, missing file,
 *                       unsupported source), or the WebAssembly module / worker could not start
 * - `ABORTED`           the AbortSignal fired
 * - `DISPOSED`          the translator was disposed (or a generation used after it ended)
 * - `MODEL_CHECKSUM`    the file's SHA-256 differs from the `sha256` load option (damaged in transit or replaced)
 * - `WORKER_DIED`       the Web Worker running the model died (its WebAssembly instance crashed, it ran out of
 *                       memory, or the browser terminated it): pending and later calls reject with it; load the
 *                       model again (`Translator.load` starts a new worker). See `Translator.failure`.
 */
export type ErrorCode =
  | 'MODEL_TRUNCATED' | 'MODEL_BAD_HEADER' | 'MODEL_BAD_TENSOR' | 'MODEL_BAD_CONFIG' | 'MODEL_VERSION'
  | 'BAD_TOKENIZER' | 'BAD_OPTION' | 'BAD_INPUT' | 'INPUT_TOO_LONG' | 'INTERNAL'
  | 'OUT_OF_MEMORY' | 'LOAD_FAILED' | 'ABORTED' | 'DISPOSED' | 'WORKER_DIED' | 'MODEL_CHECKSUM';

/** Every failure of the API is an AttnseqError: `message` is the C++ (or JavaScript) message. */
export class AttnseqError extends Error {
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown });
  readonly name: 'AttnseqError';
  readonly code: ErrorCode;
}

/** A model source: a URL (string or URL; relative URLs resolve against the page; in Node a string that
 *  is not an http(s)/data/blob URL is a file path), a fetch Response, a Blob/File, or the bytes. */
export type ModelSource = string | URL | Response | Blob | ArrayBuffer | SharedArrayBuffer | ArrayBufferView;

export interface LoadProgress {
  /** bytes received so far */
  loaded: number;
  /** bytes expected, or null when unknown (no Content-Length, or a compressed transfer); the last
   *  report of every load has total === loaded */
  total: number | null;
}

export interface LoadOptions {
  /** called as a download progresses, and once at the end for every kind of source */
  onProgress?: (progress: LoadProgress) => void;
  /** Run inference in a Web Worker. Default: true in a page's main thread, false in Web Workers and
   *  in Node (where true is a BAD_OPTION error: no Web Workers). */
  worker?: boolean;
  /** cancels the download (ABORTED) */
  signal?: AbortSignal;
  /** the file's SHA-256 (64 hex digits): other bytes are a MODEL_CHECKSUM error (e.g. flipped weights,
   *  which the loader cannot tell from real ones). Needs Web Crypto (secure contexts, Node). */
  sha256?: string;
}

export interface ModelConfig {
  arch: 'rnn' | 'transformer' | 'conv';
  vocabSrc: number;
  vocabTgt: number;
  shareEmbeddings: boolean;
  /** longest accepted source, in tokens, `</s>` included */
  maxSrcLen: number;
  /** longest possible translation, in tokens, `</s>` included */
  maxTargetLen: number;
  /** rnn and conv (the GRU decoder) */
  embDim?: number;
  hidden?: number;
  attention?: 'none' | 'additive' | 'dot' | 'general' | 'scaled_dot';
  attnDim?: number;
  /** transformer (maxPositions: also conv) */
  dModel?: number;
  heads?: number;
  ffnDim?: number;
  encLayers?: number;
  decLayers?: number;
  maxPositions?: number;
  /** conv: the encoder's convolutions, each over `kernel` positions centred on a token */
  kernel?: number;
  convLayers?: number;
  /** conv: tokens one encoder position sees after each layer (1 + l·(kernel − 1) for l = 1..convLayers) */
  receptiveField?: number[];
}

export interface ModelInfo {
  name: string;
  description: string;
  /** weights stored as int8 */
  quantized: boolean;
  config: ModelConfig;
  /** false for the fixed-context RNN (attention: 'none'): its steps' attention is all zero */
  hasAttention: boolean;
  /** the target vocabulary's control tokens, as the file's tokenizer defines them: decoding starts
   *  with `bos` and a step whose token is `eos` ends the sentence (GenerationStep.end) */
  controlIds: { bos: number; eos: number; bosPiece: string; eosPiece: string };
  /** the file's `__metadata__`, tokenizers left out (format, format_version, config, training, ...) */
  metadata: Record<string, string>;
}

/** One decoding option as the engine describes it (Translator.decodingOptions()). */
export interface DecodingOptionSpec {
  /** the DecodeOptions key */
  name: keyof DecodeOptions;
  kind: 'int' | 'float' | 'bool' | 'seed' | 'strategy' | 'prefix';
  /** the strategy it applies to ('' = every one) */
  applies: '' | 'beam' | 'sample';
  /** numbers: the inclusive range (topK is also bounded by the target vocabulary, numHypotheses by beamSize) */
  min?: number;
  max?: number;
  default: string | number | boolean | number[];
  /** one line */
  doc: string;
  /** strategy: the accepted values */
  choices?: string[];
}

/**
 * Decoding options: the C++ attnseq::DecodeOptions with camelCase keys, generated from the engine's
 * option table (Translator.decodingOptions() gives the same at run time). Unknown keys, wrong types
 * and out-of-range values are BAD_OPTION errors naming the key. generate() takes the strategies
 * 'greedy' and 'sample'; `prefix` is a text (tokenized with the target tokenizer) or target ids.
 */
export interface DecodeOptions {
  // BEGIN generated by scripts/gen_options_dts.mjs from the engine's option table: do not edit
  /** how the next token is chosen: greedy (most likely), beam (search) or sample (random) (default 'greedy') */
  strategy?: 'greedy' | 'beam' | 'sample';
  /** beam: hypotheses kept per step (1..64; default 4) */
  beamSize?: number;
  /** beam: score = sum log p / length^penalty (0 = raw sum) (0..10; default 1) */
  lengthPenalty?: number;
  /** beam: hypotheses returned, best first (at most the beam size) (1..64; default 1) */
  numHypotheses?: number;
  /** sample: logits are divided by it before sampling (0.0001..100; default 1) */
  temperature?: number;
  /** sample: sample only among the k most likely tokens (0 = all) (0..1048576; default 0) */
  topK?: number;
  /** sample: sample only among the most likely tokens whose mass reaches p (0.000001..1; default 1) */
  topP?: number;
  /** sample: random seed: the same seed, the same output (0..9007199254740991; default 42) */
  seed?: number;
  /** length cap: ratio * source tokens + the extra tokens (0..100; default 2) */
  maxLengthRatio?: number;
  /** extra tokens of the length cap (0..100000; default 10) */
  maxLengthExtra?: number;
  /** never more target tokens than this (</s> included) (1..1048576; default 256) */
  maxLength?: number;
  /** forced start of the translation; decoding continues after it (default none) */
  prefix?: string | number[];
  /** Transformer: cache the decoder's keys/values (false recomputes them) (default true) */
  kvCache?: boolean;
  /** most likely tokens reported with each step (0..50; default 5) */
  alternatives?: number;
  /** keep each step's attention weights in the results (default true) */
  returnAttention?: boolean;
  // END generated
}

export interface CallOptions {
  /** translate(): rejects with ABORTED (the computation in progress is not interrupted, its result is
   *  dropped). generate(): ends the generation, its session is freed. */
  signal?: AbortSignal;
}

/** A target-side token. */
export interface Token {
  id: number;
  /** SentencePiece piece, e.g. "▁chat" (U+2581 marks a preceding space) */
  piece: string;
}

/** A source token and the characters it came from. */
export interface SourceToken extends Token {
  /**
   * [begin, end) in UTF-16 code units (JavaScript string indices) of the text as passed: `text.slice(
   * begin, end)` is what the piece was made from (SentencePiece's mapping back through its nmt_nfkc
   * normalization, so also when the text was not in NFKC). null for `</s>`.
   */
  span: [number, number] | null;
}

/** A row-major matrix of floats. */
export interface Matrix {
  data: Float32Array;
  rows: number;
  cols: number;
}

/** Attention weights of several layers and heads: data is [layers][heads][rows][cols], row-major;
 *  head (l, h) starts at ((l * heads + h) * rows * cols) — see attentionHead(). */
export interface AttentionStack extends Matrix {
  layers: number;
  heads: number;
}

export interface Hypothesis {
  /** the translation (detokenized target pieces) */
  text: string;
  /** target tokens, `</s>` included when reached */
  tokens: Token[];
  /** natural log of each token's probability */
  scores: number[];
  /** probability of each token under the model (before temperature / top-k / top-p) */
  probabilities: number[];
  /** the hypothesis score: sum of scores (beam: divided by length^lengthPenalty) */
  score: number;
  /** false when the length limit stopped it before `</s>` */
  finished: boolean;
  /** [tokens × source tokens]: the alignment row of each generated token (RNN: its attention;
   *  Transformer: the last decoder layer's cross-attention, mean over heads). rows 0 when
   *  returnAttention is false. */
  attention: Matrix;
  /** beam search: each step of this hypothesis as generate() would report it (token, probability, the
   *  alternatives of its beam's distribution, attention); absent for greedy and sampling */
  steps?: GenerationStep[];
}

export interface BeamCandidate {
  /** index of the parent in beamTrace[step - 1] (-1 at step 0) */
  parent: number;
  token: number;
  piece: string;
  logprob: number;
  /** cumulative log p of the hypothesis ending here */
  score: number;
  /** continued as a live beam */
  kept: boolean;
  /** ended with `</s>` (or at the length limit) and joined the n-best candidates */
  finished: boolean;
}

/**
 * The result of translate(): the best hypothesis's fields at the top level, plus the source tokens,
 * the n-best list and, for beam search, the trace. Empty or whitespace-only text gives text '', no
 * tokens, no source tokens, no hypotheses (and no model work: macs 0).
 */
export interface TranslationResult extends Hypothesis {
  sourceTokens: SourceToken[];
  /** best first (beam: numHypotheses of them; greedy/sample: one) */
  hypotheses: Hypothesis[];
  /** beam search: every candidate considered at each step, best score first */
  beamTrace?: BeamCandidate[][];
  /** Transformer: encoder self-attention (see GenerationSource); null for RNN models */
  encoderAttention: AttentionStack | null;
  /** see GenerationSource.attentionValues */
  attentionValues: Matrix[];
  /** multiply-adds of the encoder */
  encoderMacs: number;
  /** multiply-adds spent (encoder + all steps) */
  macs: number;
}

export interface GenerationSource {
  sourceTokens: SourceToken[];
  /** Transformer: encoder self-attention, [layers][heads][S][S] with S = sourceTokens.length (rows:
   *  queries, cols: keys). null for RNN models. */
  encoderAttention: AttentionStack | null;
  /** per decoder layer, [S × C]: the vectors cross-attention's weighted sum runs over (RNN: the encoder
   *  states, C = hidden; Transformer: the layer's projected values, C = dModel, head h in columns
   *  h·dh .. (h+1)·dh). Empty for the model without attention. */
  attentionValues: Matrix[];
  /** multiply-adds of the encoder */
  macs: number;
}

export interface Alternative extends Token {
  probability: number;
}

/** Cross-attention of one decoder step: data is [layers][heads][cols] (cols = source tokens).
 *  RNN: 1 layer, 1 head (all zero for the fixed-context model). */
export interface StepAttention {
  data: Float32Array;
  layers: number;
  heads: number;
  cols: number;
}

/** One step of the autoregressive loop, as generate() yields it. */
export interface GenerationStep {
  /** 0-based index of the generated token */
  step: number;
  /** the chosen token */
  token: Token;
  /** the translation so far (all tokens up to this one, detokenized) */
  text: string;
  /** its probability under the model (before temperature / top-k / top-p) */
  probability: number;
  /** taken from the forced prefix, not chosen by the search */
  forced: boolean;
  /** the token ends the sentence (the model's `</s>`, info.controlIds.eos) */
  end: boolean;
  /** this is the last step: an end, or the length limit reached (done && !end: cut off) */
  done: boolean;
  /** the `alternatives` most likely tokens, descending (probabilities under the model) */
  alternatives: Alternative[];
  /** sampling only: each alternative's probability in the distribution the token was drawn from (after
   *  temperature, top-k and top-p; 0 = cut) */
  sampled?: Float32Array;
  /** the cross-attention weights (softmax of crossScores); null when returnAttention is false (beam steps) */
  crossAttention: StepAttention | null;
  /** the scores before the softmax, same layout (RNN: the score function's values; Transformer:
   *  q·k/sqrt(dh) per head); null without attention */
  crossScores: StepAttention | null;
  /** [layers][1][C]: each layer's weighted sum Σ_j weight_j · attentionValues[layer][j] (Transformer: the
   *  heads' outputs side by side, before the output projection); null without attention */
  context: StepAttention | null;
  /** [source tokens]: the alignment row of this step (see Hypothesis.attention) */
  alignment: Float32Array;
  /** multiply-adds of this step */
  macs: number;
  /** first step only: the source tokens and encoder self-attention (also `generation.source`) */
  source?: GenerationSource;
  /** last step only (done): the whole translation, as translate() would return it */
  result?: TranslationResult;
}

/** What generate() returns: iterate it with for-await; `break` (or return()) ends it early. */
export interface Generation extends AsyncIterableIterator<GenerationStep> {
  /** resolves once the source is encoded (starts the generation if not yet started) */
  readonly source: Promise<GenerationSource>;
  return(value?: unknown): Promise<IteratorResult<GenerationStep>>;
}

export interface MemoryUsage {
  /** bytes allocated in the WebAssembly heap (malloc) */
  heapUsed: number;
  /** size of the WebAssembly memory (it grows, never shrinks) */
  memoryBytes: number;
}

export class Translator {
  private constructor();
  /** Starts the engine's Web Worker ahead of the first load() (browser main thread only; else a no-op). */
  static prewarm(): void;
  /** The engine's decoding options (names, kinds, ranges, defaults, docs): the one description forms and
   *  widget attributes are built from. Needs the WebAssembly module (in a page: the prewarmed worker). */
  static decodingOptions(): Promise<DecodingOptionSpec[]>;
  /** Downloads or reads the model, starts the engine (a Web Worker in a page) and loads the model. */
  static load(source: ModelSource, options?: LoadOptions): Promise<Translator>;
  readonly info: ModelInfo;
  /** whether inference runs in a Web Worker */
  readonly inWorker: boolean;
  readonly disposed: boolean;
  /** null while the engine works; the WORKER_DIED error once its Web Worker died (in-thread: the INTERNAL
   *  error of a crashed WebAssembly instance). Every call then rejects with it: load the model again (a new
   *  worker, or in-thread a new WebAssembly instance, is started). */
  readonly failure: AttnseqError | null;
  translate(text: string, options?: DecodeOptions & CallOptions): Promise<TranslationResult>;
  /**
   * Decodes step by step (strategy 'greedy' or 'sample'; 'beam' is a BAD_OPTION error). Blank text
   * yields no step.
   */
  generate(text: string, options?: DecodeOptions & CallOptions): Generation;
  /** The sentences of a paragraph, to translate one by one: after . ! ? (not abbreviations or initials),
   *  after 。！？, at line breaks; spans are UTF-16 offsets of `text` (the same split as the CLI's --sentences). */
  sentences(text: string): Promise<{ text: string; span: [number, number] }[]>;
  /** the source tokens the model would read for `text` (`</s>` included); INPUT_TOO_LONG past maxSrcLen */
  tokenize(text: string): Promise<SourceToken[]>;
  /** heap of the WebAssembly instance this translator runs in (shared by in-thread translators) */
  memoryUsage(): Promise<MemoryUsage>;
  /** Frees the model (in worker mode, the worker). Further calls reject with DISPOSED. Idempotent. */
  dispose(): void;
}

/** One head of an attention stack as a [rows × cols] matrix (a view into stack.data, no copy). */
export function attentionHead(stack: AttentionStack | StepAttention, layer: number, head: number): Matrix;
