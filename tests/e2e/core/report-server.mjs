// scripts/serve.mjs's handler behind a server that also takes Content-Security-Policy violation
// reports (POST /csp-report, the policy's report-uri): every engine sends them, from the page and its
// workers, from the first byte of the document on (a listener installed by a test would come later).
import { createServer } from 'node:http';
import { handle } from '../../../scripts/serve.mjs';

/**
 * Serves like serve() with `options` (csp: the policy, with ` report-uri /csp-report` added).
 * @returns {Promise<{url: string, reports: object[], close: () => Promise<void>}>}
 */
export function reportingServer({ csp, ...options }) {
  const reports = [];
  const policy = `${csp}; report-uri /csp-report`;
  const sockets = new Set();
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/csp-report') {
      let body = '';
      req.setEncoding('utf8').on('data', (c) => { body += c; }).on('end', () => {
        try { reports.push(JSON.parse(body)['csp-report'] ?? JSON.parse(body)); } catch { reports.push({ raw: body }); }
        res.writeHead(204).end();
      });
      return;
    }
    handle(req, res, { ...options, csp: policy }).catch((e) => { res.writeHead(500).end(String(e)); });
  });
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${server.address().port}/${options.dir ? '' : 'web/'}`, policy, reports,
    close: () => new Promise((r) => { for (const s of sockets) s.destroy(); server.close(() => r()); }),
  })));
}

/** A report as one line: the directive, what it blocked, where. */
export const describeReport = (r) => `${r['violated-directive'] ?? r['effective-directive'] ?? '?'}: ${r['blocked-uri'] ?? ''} (${r['source-file'] ?? r['document-uri'] ?? ''}:${r['line-number'] ?? ''})`;
