// Types of 'attnseq/widgets' (web/src/widgets.js), for TypeScript users of the npm package: importing
// the module registers <attnseq-translate>, <attnseq-generation> and <attnseq-attention>. Their
// attributes: web/examples/README.md. (Named apart from widgets.js: a .d.ts of the same name would
// hide the module from web/tsconfig.json's type check.)

/** What every widget element has: attributes model, models, text, autoplay, speed, language, decoding options. */
export declare class WidgetElement extends HTMLElement {
  /** Translates `text` (default: the `text` attribute or an example); resolves with the run, or null when it failed (shown in the widget). */
  translateText(text?: string): Promise<unknown>;
}

/** <attnseq-translate>: a sentence box, the translation and an attention figure (view="lines|heatmap|none"). */
export declare class TranslateWidget extends WidgetElement {}
/** <attnseq-generation>: the autoregressive loop, step by step, with the next-token distribution. */
export declare class GenerationWidget extends WidgetElement {}
/** <attnseq-attention>: one attention figure (view="lines|heatmap|self|self-heatmap|softmax|context"). */
export declare class AttentionWidget extends WidgetElement {
  /** The figure as a standalone <svg> (null before the first run). */
  figure(): SVGSVGElement | null;
}

/** Fired by a widget (bubbling) each time a translation is shown. */
export interface AttnseqReadyEvent extends CustomEvent<{ text: string }> {}

declare global {
  interface HTMLElementTagNameMap {
    'attnseq-translate': TranslateWidget;
    'attnseq-generation': GenerationWidget;
    'attnseq-attention': AttentionWidget;
  }
  interface HTMLElementEventMap {
    'attnseq-ready': AttnseqReadyEvent;
  }
}
