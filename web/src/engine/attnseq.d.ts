// Hand-written types of the Emscripten glue web/dist/attnseq.js (built by scripts/build_wasm.sh,
// git-ignored), so that `tsc -p web/tsconfig.json` does not type-check that generated file: the
// tsconfig's rootDirs ["dist", "src/engine"] make module.js's `import('../../dist/attnseq.js')`
// resolve to this declaration (a .d.ts wins over a .js) while the import, and so what runs, stays the
// same. Only what web/src uses is described: the factory and the Embind functions and classes of
// wasm/bind_*.cc. Methods that can fail return an envelope (wasm/bind_errors.h), which core.js unwraps.
import type {
  DecodeOptions, DecodingOptionSpec, GenerationSource, GenerationStep, ModelInfo, SourceToken, TranslationResult,
} from '../index.js';

/** {value} on success, {error: {code, message}} when the C++ side threw (bind_errors.h guarded()). */
export type Envelope<T> = { value: T; error?: undefined } | { value?: undefined; error: { code: string; message: string } };

/** Every Embind object is owned by JavaScript: delete() frees it (core.js does). */
interface EmbindObject {
  delete(): void;
}

/** wasm/bind_session.cc: one generation, stepped by next(). */
export interface EmbindSession extends EmbindObject {
  source(): GenerationSource;
  done(): boolean;
  next(): Envelope<GenerationStep>;
  result(): Envelope<TranslationResult>;
}

/** wasm/bind_translator.cc: a loaded model. */
export interface EmbindTranslator extends EmbindObject {
  info(): ModelInfo;
  translate(text: string, options: DecodeOptions | undefined): Envelope<TranslationResult>;
  /** value null: blank text, nothing to generate */
  start(text: string, options: DecodeOptions | undefined): Envelope<EmbindSession | null>;
  tokenize(text: string): Envelope<SourceToken[]>;
  sentences(text: string): Envelope<[number, number][]>;
}

/** The instantiated module: the Embind bindings (wasm/bind_*.cc) on top of Emscripten's own members. */
export interface AttnseqModule {
  Translator: {
    /** bytes: the model file */
    load(bytes: Uint8Array): Envelope<EmbindTranslator>;
  };
  /** bind_options.cc: the option table */
  decodingOptions(): DecodingOptionSpec[];
  /** bind_errors.cc: the codes the module can send */
  errorCodes(): string[];
  /** bind_errors.cc: test hook, throws (or traps) inside a binding */
  throwForTest(kind: string): Envelope<string>;
  /** bind_memory.cc: bytes malloc'ed */
  heapUsed(): number;
  /** bind_memory.cc: size of the WebAssembly memory */
  memoryBytes(): number;
}

/** The incoming module options module.js sets (-sINCOMING_MODULE_JS_API in wasm/CMakeLists.txt lists all). */
export interface AttnseqModuleOptions {
  /** the .wasm bytes (Node), instead of fetching attnseq.wasm next to the glue */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** the URL of one of the module's files (attnseq.wasm), instead of the glue's own directory */
  locateFile?: (file: string) => string;
}

/** -sMODULARIZE -sEXPORT_ES6 -sEXPORT_NAME=createAttnseqModule */
declare function createAttnseqModule(options?: AttnseqModuleOptions): Promise<AttnseqModule>;
export default createAttnseqModule;
