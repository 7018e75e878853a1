// One table of hostile inputs for every test that feeds text to attnseq: the JavaScript API tests
// (tests/js/hostile.test.js), the browser tests (tests/e2e/hostile.test.mjs) and the link parser's
// (tests/js/link.test.js). name → {text, api: what translate() may give, page: what the demo may show}:
// 'text' (a translation, maybe empty), 'blank' (the page's "nothing to translate"), or an error code;
// alternatives separated by '|'. A long word is many tokens when the vocabulary knows its letters, one
// <unk> when it does not.
export const HOSTILE = {
  empty: { text: '', api: 'text', page: 'blank' },
  whitespace: { text: ' \t\n\r\u00A0\u3000 ', api: 'text', page: 'blank' },
  '1 MB': { text: 'The cat sat on the mat. '.repeat(43691).slice(0, 1 << 20), api: 'INPUT_TOO_LONG', page: 'TOO_MANY_SENTENCES|INPUT_TOO_LONG' },
  '10,000-character word': { text: 'ab'.repeat(5_000), api: 'text|INPUT_TOO_LONG', page: 'text|INPUT_TOO_LONG' },
  'lone surrogates': { text: 'cat \uD800 dog \uDC00 \uDBFF', api: 'text', page: 'text' },
  'NUL and control characters': { text: 'a\u0000b\u0001c\u0007\u001B[31m\u007F\u0085\u2028 d', api: 'text', page: 'text' },
  'emoji ZWJ and skin tones': { text: '👩🏽‍💻 loves 👨‍👩‍👧‍👦 and 👍🏿🏳️‍🌈', api: 'text', page: 'text' },
  'right-to-left and bidi overrides': { text: 'שלום \u202Eevil\u202C مرحبا \u2067x\u2069 \u200F', api: 'text', page: 'text' },
  'mixed unseen scripts': { text: 'Ελληνικά 日本語 русский ქართული ᚠᛇᚻ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢', api: 'text', page: 'text' },
  'HTML and script': { text: '<script>alert(1)</script><img src=x onerror=alert(2)>&amp;', api: 'text', page: 'text' },
};

/** The texts alone. */
export const HOSTILE_TEXTS = Object.values(HOSTILE).map((h) => h.text);
