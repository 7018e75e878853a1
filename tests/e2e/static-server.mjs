// A plain static web server for the browser tests that check attnseq works from any host, not just
// its own dev server (scripts/serve.mjs): Debian's Python http.server, no special headers (it sends
// application/wasm for .wasm, as any current server does).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/**
 * Serves `dir` at http://127.0.0.1:PORT/ (a free port).
 * @returns {Promise<{url: string, port: number, log: string[], close: () => Promise<void>}>}
 */
export function pythonServer(dir) {
  const child = spawn(PYTHON, ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  const log = [];
  child.stderr.setEncoding('utf8').on('data', (d) => log.push(...d.split('\n').filter(Boolean)));
  const close = () => new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => { close(); reject(new Error(`python http.server did not start: ${out} ${log.join('\n')}`)); }, 20_000);
    child.once('error', (e) => { clearTimeout(timer); reject(e); });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`python http.server exited (${code}): ${log.join('\n')}`)); });
    child.stdout.setEncoding('utf8').on('data', (d) => {
      out += d;
      const m = /port (\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const port = Number(m[1]);
      resolve({ url: `http://127.0.0.1:${port}/`, port, log, close });
    });
  });
}
