// An X server without a screen (Debian's xvfb) for a browser that has no headless mode (WebKitGTK's
// MiniBrowser): Xvfb picks a free display number itself (-displayfd) and says it on a pipe.
import { spawn } from 'node:child_process';

/**
 * Starts Xvfb with one screen of `width` × `height` pixels.
 * @returns {Promise<{display: string, close: () => Promise<void>}>}
 */
export function startXvfb({ width = 1920, height = 1200 } = {}) {
  const child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp', '-noreset'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (d) => { err += d; });
  const close = () => new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => { close(); reject(new Error(`Xvfb did not start in 20 s: ${err}`)); }, 20_000);
    child.once('error', (e) => { clearTimeout(timer); reject(new Error(`Xvfb: ${e.message} (install Debian's xvfb: scripts/setup.sh)`)); });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`Xvfb exited (${code}): ${err}`)); });
    child.stdio[3].setEncoding('utf8').on('data', (d) => {
      out += d;
      if (!out.includes('\n')) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ display: `:${out.trim()}`, close });
    });
  });
}
