// The npm package as a user gets it: `npm pack` (its prepack: scripts/pack_check.mjs) into a
// temporary folder, installed from the tarball into a fresh project (offline: the package has no
// dependencies, no install step). Then
//  (a) Node: `import { Translator } from 'attnseq'` loads the packaged default model and translates
//      as the native CLI does; TypeScript resolves the types of 'attnseq' and 'attnseq/widgets';
//  (b) a page bundled with esbuild (the repository's devDependency) from a script that imports
//      'attnseq/widgets', with the package's files beside the bundle (npx attnseq-assets, as README.md
//      says), served by a plain static server, translates in Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile, readFile, copyFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { launch, screenshot, cliTranslate, ROOT } from './helpers.mjs';
import { pythonServer } from './static-server.mjs';

const TEXT = 'You should wear shoes.';
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'models/manifest.json'), 'utf8'));
const def = manifest.models.find((m) => m.id === manifest.default);
const MODEL = path.join(ROOT, 'models', def.file);
let tmp, app, packed;

/** Runs a command in the app project; its stdout. */
const inApp = (cmd, args) => execFileSync(cmd, args, { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

before(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'attnseq-pack-'));
  // npm prints the prepack script's lines on stdout too: the JSON report is the last thing.
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', tmp], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  [packed] = JSON.parse(out.slice(out.search(/^\[/m)));
  app = path.join(tmp, 'app');
  await mkdir(app);
  await writeFile(path.join(app, 'package.json'), JSON.stringify({ name: 'attnseq-pack-test', private: true, type: 'module' }, null, 2));
  inApp('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(tmp, packed.filename)]);
});

after(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test('the tarball holds the built engine, the modules, the types, the widgets with their styles and the default model, nothing else', () => {
  const files = packed.files.map((f) => f.path).sort();
  console.log(`# ${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked, ${files.length} files`);
  for (const f of ['web/dist/attnseq.js', 'web/dist/attnseq.wasm', 'web/dist/attnseq-worker.js', 'web/src/index.js', 'web/src/index.d.ts',
    'web/src/widgets.js', 'web/src/widgets-types.d.ts', 'web/src/engine/worker.js', 'web/styles/widgets.css', 'models/manifest.json',
    `models/${def.file}`, `docs/eval/${def.id}.json`, 'web/dist/attnseq-langid.js', 'web/data/ngram-en.json', 'scripts/copy_assets.mjs', 'package.json', 'README.md']) {
    assert.ok(files.includes(f), `${f} is in the package`);
  }
  const outside = files.filter((f) => !/^(web\/(dist|src|styles)\/|web\/data\/ngram-en\.json$|models\/|docs\/eval\/[^/]+\.json$|scripts\/copy_assets\.mjs$|package\.json$|README\.md$)/.test(f));
  assert.deepEqual(outside, [], 'only what package.json "files" lists');
  assert.deepEqual(files.filter((f) => f.endsWith('.safetensors')), [`models/${def.file}`], 'one model: the default');
  const pkg = JSON.parse(readFileSync(path.join(app, 'node_modules/attnseq/package.json'), 'utf8'));
  assert.equal(pkg.private, undefined);
  assert.ok(packed.size < 4_000_000, `${packed.size} bytes`);
});

test('(a) Node: import { Translator } from "attnseq" translates with the packaged model as the CLI does', async () => {
  await writeFile(path.join(app, 'translate.mjs'), `import { Translator } from 'attnseq';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
const catalogue = import.meta.resolve('attnseq/models/manifest.json');
const manifest = JSON.parse(await readFile(new URL(catalogue), 'utf8'));
const entry = manifest.models.find((m) => m.id === manifest.default);
const file = fileURLToPath(new URL(entry.file, catalogue));
const translator = await Translator.load(file);
const { text } = await translator.translate(process.argv[2]);
console.log(JSON.stringify({ text, file, entry: fileURLToPath(import.meta.resolve('attnseq')), inWorker: translator.inWorker }));
translator.dispose();
`);
  const r = JSON.parse(inApp(process.execPath, ['translate.mjs', TEXT]));
  assert.equal(r.entry, path.join(app, 'node_modules/attnseq/web/src/index.js'), 'the installed package, not the repository');
  assert.equal(r.file, path.join(app, 'node_modules/attnseq/models', def.file));
  assert.equal(r.inWorker, false);
  assert.equal(r.text, cliTranslate(MODEL, TEXT));
});

test('(a) TypeScript finds the types of "attnseq" and "attnseq/widgets" (exports "types")', async () => {
  await writeFile(path.join(app, 'check.ts'), `import { Translator, AttnseqError } from 'attnseq';
import type { TranslateWidget } from 'attnseq/widgets';
import 'attnseq/widgets';
export async function demo(): Promise<string> {
  const translator: Translator = await Translator.load('models/x.safetensors', { onProgress: (p) => console.log(p.loaded) });
  const el: TranslateWidget = document.createElement('attnseq-translate');
  el.addEventListener('attnseq-ready', (e) => console.log(e.detail.text.length));
  try { return (await translator.translate('Hi.')).text; } catch (e) { if (e instanceof AttnseqError) return e.code; throw e; }
}
`);
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  const check = async (name, module, moduleResolution, file) => {
    const config = { compilerOptions: { noEmit: true, strict: true, target: 'es2022', lib: ['esnext', 'dom'], module, moduleResolution, types: [] }, files: [file] };
    await writeFile(path.join(app, name), JSON.stringify(config));
    return spawnSync(process.execPath, [tsc, '-p', name], { cwd: app, encoding: 'utf8' });
  };
  for (const [module, resolution] of [['esnext', 'bundler'], ['node16', 'node16']]) {
    const r = await check(`tsconfig.${resolution}.json`, module, resolution, 'check.ts');
    assert.equal(r.status, 0, `${resolution}: ${r.stdout}${r.stderr}`);
  }
  // A typo is an error (the check is not vacuous).
  await writeFile(path.join(app, 'bad.ts'), "import { Translator } from 'attnseq';\nTranslator.lod('x');\n");
  const bad = await check('tsconfig.bad.json', 'esnext', 'bundler', 'bad.ts');
  assert.match(bad.stdout, /lod/);
  assert.notEqual(bad.status, 0);
});

test('(b) an esbuild bundle importing "attnseq/widgets", served by a plain static server, translates in Chromium', async () => {
  const src = path.join(app, 'src');
  const pub = path.join(app, 'public');
  await mkdir(src);
  await writeFile(path.join(src, 'main.js'), "import 'attnseq/widgets';\n");
  await writeFile(path.join(src, 'index.html'), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>My app</title><link rel="icon" href="data:,">
<script type="module" src="app.js"></script></head>
<body><main><h1>My app</h1><attnseq-translate text="${TEXT}"></attnseq-translate></main></body></html>
`);
  // As README.md tells users: the flat layout, an ES module bundle, then the package's files beside it.
  const result = await build({
    absWorkingDir: app, entryPoints: ['src/main.js'], outfile: 'public/app.js', bundle: true, format: 'esm', minify: true,
    define: { ATTNSEQ_LAYOUT: '"flat"' }, metafile: true, logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  assert.ok(inputs.includes('node_modules/attnseq/web/src/widgets.js'), 'bundled from the installed package');
  assert.ok(!inputs.some((f) => f.includes('web/src') && !f.startsWith('node_modules/attnseq/')), 'nothing from the repository');
  const said = inApp(path.join(app, 'node_modules/.bin/attnseq-assets'), ['public']);
  assert.match(said, /attnseq\.wasm, attnseq-langid\.js, attnseq-worker\.js, styles\/, models\/ \(en-[^)]*\), eval\/ \([1-9]\d* models\)/);
  assert.ok(existsSync(path.join(pub, 'eval', `${def.id}.json`)), 'the score cards\' data beside the bundle (issue 32, item 1)');
  await copyFile(path.join(src, 'index.html'), path.join(pub, 'index.html'));
  const served = JSON.parse(await readFile(path.join(pub, 'models/manifest.json'), 'utf8'));
  assert.deepEqual(served.models.map((m) => m.id), [def.id], 'the catalogue beside the bundle lists the model copied');
  assert.ok(existsSync(path.join(pub, 'models', def.file)));

  const server = await pythonServer(pub);
  const browser = await launch();
  try {
    const { page, errors } = browser;
    const requests = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${server.url}index.html`);
    await page.waitForFunction(() => {
      const w = document.querySelector('attnseq-translate');
      return w && (Number(w.dataset.ready ?? 0) >= 1 || w.shadowRoot?.querySelector('.w-status.error'));
    }, null, { timeout: 120_000, polling: 200 });
    const shown = await page.evaluate(() => {
      const r = document.querySelector('attnseq-translate').shadowRoot;
      return { output: r.querySelector('output.translation')?.textContent, error: r.querySelector('.w-status.error')?.textContent ?? null };
    });
    assert.equal(shown.error, null);
    assert.equal(shown.output, cliTranslate(MODEL, TEXT));
    for (const f of ['app.js', 'attnseq-worker.js', 'attnseq.wasm', 'models/manifest.json', `models/${def.file}`, 'styles/widgets.css']) {
      assert.ok(requests.includes(`${server.url}${f}`), `${f} beside the bundle`);
    }
    assert.ok(page.workers().length >= 1, 'the engine runs in its worker');
    assert.deepEqual(errors, []);
    await screenshot(page, 'package-bundle');
  } finally {
    await browser.close();
    await server.close();
  }
});
