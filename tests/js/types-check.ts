// Compiled by `tsc -p tests/js/tsconfig.json` (tests/js/types.test.js): typed use of the package's
// entry point, as other people's pages would write it. Never run.
import {
  AttnseqError, Translator, attentionHead,
  type DecodeOptions, type ErrorCode, type GenerationStep, type LoadProgress, type SourceToken, type TranslationResult,
} from 'attnseq';

export async function demo(url: string, bytes: Uint8Array, signal: AbortSignal): Promise<string> {
  const progress: LoadProgress[] = [];
  const translator = await Translator.load(url, { onProgress: (p) => progress.push(p), signal });
  await Translator.load(bytes, { worker: false });
  await Translator.load(new URL(url), {});
  await Translator.load(await fetch(url));
  await Translator.load(bytes.buffer);

  const info = translator.info;
  const arch: 'rnn' | 'transformer' | 'conv' = info.config.arch;
  const windows: number[] = info.config.arch === 'conv' ? info.config.receptiveField ?? [] : [];
  const limit: number = info.config.maxSrcLen;

  const options: DecodeOptions = { strategy: 'beam', beamSize: 4, numHypotheses: 2, lengthPenalty: 1, maxLength: 64 };
  const result: TranslationResult = await translator.translate('You should wear shoes.', options);
  const text: string = result.text;
  const ids: number[] = result.tokens.map((t) => t.id);
  const spans: ([number, number] | null)[] = result.sourceTokens.map((t: SourceToken) => t.span);
  const row: Float32Array = result.attention.data.subarray(0, result.attention.cols);
  const best: number = result.hypotheses[0]?.score ?? result.score;
  const trace = result.beamTrace?.[0]?.[0]?.piece;
  const beamSteps: GenerationStep[] = result.steps ?? [];
  const eos: number = info.controlIds.eos;
  const specs = await Translator.decodingOptions();
  const firstKind: string = specs[0]?.kind ?? '';
  await translator.translate('x', { strategy: 'sample', seed: 7, temperature: 0.8, topK: 20, topP: 0.9, signal });
  await translator.translate('x', { prefix: 'Tu', kvCache: false, returnAttention: false });
  await translator.translate('x', { prefix: [12, 34], maxLengthRatio: 1.5, maxLengthExtra: 4 });
  // the guards, and a latest-wins stream of requests
  const guarded = await translator.translate('x', { noRepeatNgramSize: 3, signal, supersede: 'input' });
  const cut: boolean = !guarded.finished || (guarded.steps ?? []).some((s) => s.capped || s.blocked.length > 0);
  void cut;

  const generation = translator.generate('I ate an apple.', { alternatives: 3, signal });
  const source = await generation.source;
  if (source.encoderAttention) {
    const head = attentionHead(source.encoderAttention, 0, 1);
    const w: number = head.data[0] ?? 0;
    void w;
  }
  for await (const step of generation) {
    const s: GenerationStep = step;
    const piece: string = s.token.piece;
    const p: number = s.probability;
    const alt = s.alternatives.map((a) => `${a.piece}:${a.probability}`);
    const cross = s.crossAttention ? attentionHead(s.crossAttention, 0, 0).data : new Float32Array(0);
    const ended: boolean = s.end;
    const removed: string[] = s.blocked.map((b) => b.piece);
    const shown: string = s.piece + removed.join() + (s.sampled ? s.sampled[0] ?? 0 : 0) + (s.capped ? 'capped' : '');
    void shown;
    if (s.done && s.result) return s.result.text + piece + p + alt.join() + cross.length + String(ended);
    if (s.step > 10) break;
  }
  await generation.return();

  try {
    await translator.translate('');
  } catch (error) {
    if (error instanceof AttnseqError) {
      const code: ErrorCode = error.code;
      if (code === 'INPUT_TOO_LONG' || code === 'BAD_OPTION' || code === 'DISPOSED' || code === 'ABORTED') return error.message;
    }
  }
  const usage = await translator.memoryUsage();
  translator.dispose();
  const inWorker: boolean = translator.inWorker;
  return `${text}${ids}${spans}${row}${best}${trace}${arch}${limit}${usage.heapUsed}${inWorker}${progress.length}${beamSteps.length}${eos}${firstKind}${windows.length}`;
}

export async function misuse(translator: Translator): Promise<void> {
  // @ts-expect-error: not a strategy
  await translator.translate('x', { strategy: 'nucleus' });
  // @ts-expect-error: options are camelCase
  await translator.translate('x', { beam_size: 4 });
  // @ts-expect-error: text must be a string
  await translator.translate(42);
  // @ts-expect-error: a number is no model source
  await Translator.load(42);
  // @ts-expect-error: Translators come from Translator.load()
  new Translator();
  // @ts-expect-error: not an error code
  const code: ErrorCode = 'NOT_A_CODE';
  void code;
}
