// A model download's progress for the model store: how much of how much. The download's own total
// (Content-Length) is missing or counts other bytes when the transfer is compressed; the catalogue
// then knows the file's size (models/manifest.json `bytes`, written from the file by
// scripts/manifest_sha256.mjs), which is what the body's bytes add up to.

/**
 * @param {number} loaded          bytes of the file received so far
 * @param {number | null | undefined} total   the download's total, when it has one
 * @param {number | undefined} bytes         the catalogue's size of the file
 * @returns {{progress: number | null, loadedBytes: number, totalBytes: number | null}}
 */
export function loadProgress(loaded, total, bytes) {
  const of = total || (bytes !== undefined && Number.isFinite(bytes) && bytes > 0 ? bytes : null);
  return { progress: of ? Math.min(1, loaded / of) : null, loadedBytes: loaded, totalBytes: of };
}
