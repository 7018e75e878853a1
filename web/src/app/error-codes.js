// Error codes of the app's own (not the API's, engine/errors.js JS_ERROR_CODES): a catalogue entry
// whose file holds another kind of model than the catalogue says; a text of more sentences than the
// demo translates at a time (model-choice.js, paragraph.js).
export const APP_ERROR_CODES = Object.freeze(['MODEL_MISMATCH', 'TOO_MANY_SENTENCES']);
