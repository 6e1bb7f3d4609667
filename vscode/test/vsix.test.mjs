// Checks the packaged .vsix: its layout, its manifest, the bundled extension code, and that the
// bundled language server jar really starts and speaks LSP over stdio.
// Run by the Maven build (vscode/pom.xml) after `vsce package`:
//   FABRICSIM_VSIX=target/fabricsim-<version>.vsix FABRICSIM_VERSION=<maven version> node --test test/vsix.test.mjs
import * as assert from 'node:assert/strict';
import * as cp from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import * as vm from 'node:vm';
import { readZip } from './zip.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, '..');

function findVsix() {
  if (process.env.FABRICSIM_VSIX) {
    return path.resolve(root, process.env.FABRICSIM_VSIX);
  }
  const target = path.join(root, 'target');
  const found = fs.existsSync(target) ? fs.readdirSync(target).filter((f) => f.endsWith('.vsix')) : [];
  assert.equal(found.length, 1, `expected exactly one .vsix in ${target}, found ${JSON.stringify(found)}`);
  return path.join(target, found[0]);
}

const vsixPath = findVsix();
const vsix = readZip(fs.readFileSync(vsixPath));

test('the vsix holds the manifest, the bundled client, the grammar and the server jar', () => {
  for (const name of [
    'extension.vsixmanifest',
    'extension/package.json',
    'extension/out/extension.js',
    'extension/language-configuration.json',
    'extension/out/fabric.tmLanguage.json',
    'extension/server/fabric.jar',
  ]) {
    assert.ok(vsix.entries.has(name), `${name} missing from ${vsixPath}; entries: ${[...vsix.entries.keys()].join(', ')}`);
  }
  const leaked = [...vsix.entries.keys()].filter((n) => /^extension\/(node_modules|src|test|target)\//.test(n) || n.endsWith('.ts'));
  assert.deepEqual(leaked, [], 'development files leaked into the vsix (check .vscodeignore)');
});

test('the packaged package.json declares the fabric language and the java.home setting', () => {
  const manifest = JSON.parse(vsix.read('extension/package.json').toString('utf8'));
  assert.equal(manifest.name, 'fabricsim');
  assert.equal(manifest.publisher, 'fabricsim');
  assert.equal(manifest.main, './out/extension.js');
  assert.ok(manifest.activationEvents.includes('onLanguage:fabric'));
  const language = manifest.contributes.languages.find((l) => l.id === 'fabric');
  assert.ok(language && language.extensions.includes('.fabric'));
  assert.ok(manifest.contributes.configuration.properties['fabricsim.java.home']);
  if (process.env.FABRICSIM_VERSION) {
    assert.equal(
      manifest.version,
      process.env.FABRICSIM_VERSION.replace(/-SNAPSHOT$/, ''),
      'vscode/package.json "version" must match the Maven project version (without -SNAPSHOT)',
    );
  }
});

test('the bundled extension.js loads with only the vscode API available and exports activate/deactivate', () => {
  const code = vsix.read('extension/out/extension.js').toString('utf8');
  const requested = new Set();
  const realRequire = createRequire(import.meta.url);
  const sandboxRequire = (name) => {
    requested.add(name);
    if (name === 'vscode') {
      // The API is only used inside activate(); at load time classes may be extended, so every
      // member is a harmless constructible stub.
      return new Proxy({}, { get: (_, key) => (key === '__esModule' ? false : class Stub {}) });
    }
    const bare = name.startsWith('node:') ? name.slice(5) : name;
    assert.ok(realRequire('module').builtinModules.includes(bare), `extension.js requires "${name}", which is not bundled`);
    return realRequire(name);
  };
  const module = { exports: {} };
  vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`)(
    module.exports, sandboxRequire, module, '/ext/out/extension.js', '/ext/out',
  );
  assert.equal(typeof module.exports.activate, 'function');
  assert.equal(typeof module.exports.deactivate, 'function');
  assert.ok(requested.has('vscode'), 'extension.js never requires vscode?');
});

test('the bundled server jar is runnable and answers LSP over stdio', { timeout: 120000 }, async () => {
  const jarBytes = vsix.read('extension/server/fabric.jar');
  const jar = readZip(jarBytes);
  const manifest = jar.read('META-INF/MANIFEST.MF').toString('utf8');
  assert.match(manifest, /^Main-Class: \S+/m, 'fabric.jar has no Main-Class');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fabricsim-vsix-'));
  const jarFile = path.join(dir, 'fabric.jar');
  fs.writeFileSync(jarFile, jarBytes);
  const workspace = path.join(dir, 'ws');
  fs.mkdirSync(workspace);
  const broken = path.join(workspace, 'broken.fabric');
  const brokenText = 'package smoke\ncluster Small {\n    nodes 2 x 8 accelerators\n    link 400 Gb/s latency 1 us\n}\nbenchmark Probe {\n    all-reduce ring on Missing\n    sizes 1 MiB\n}\n';
  fs.writeFileSync(broken, brokenText);

  const java = process.env.FABRICSIM_JAVA || (process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java');
  const server = cp.spawn(java, ['-jar', jarFile, 'lsp'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  server.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));

  let buffer = Buffer.alloc(0);
  const waiters = [];
  const received = [];
  server.stdout.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const headerEnd = buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const header = buffer.toString('ascii', 0, headerEnd);
      const match = /Content-Length: (\d+)/i.exec(header);
      if (!match) {
        received.push({ garbage: header });
        buffer = Buffer.alloc(0);
        return;
      }
      const length = Number(match[1]);
      if (buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(buffer.toString('utf8', headerEnd + 4, headerEnd + 4 + length));
      buffer = buffer.subarray(headerEnd + 4 + length);
      received.push(message);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(message)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    }
  });
  const send = (message) => {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    server.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    server.stdin.write(body);
  };
  const waitFor = (what, predicate, ms) =>
    new Promise((resolve, reject) => {
      const already = received.find((m) => !m.garbage && predicate(m));
      if (already) return resolve(already);
      const timer = setTimeout(
        () => reject(new Error(`timed out after ${ms} ms waiting for ${what}; received ${JSON.stringify(received).slice(0, 2000)}; server stderr:\n${stderr}`)),
        ms,
      );
      timer.unref();
      waiters.push({ predicate, resolve: (m) => { clearTimeout(timer); resolve(m); } });
      exited.then((r) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${JSON.stringify(r)}) while waiting for ${what}; server stderr:\n${stderr}`));
      });
    });

  try {
    send({ id: 1, method: 'initialize', params: { processId: process.pid, rootUri: pathToFileURL(workspace).href, capabilities: {} } });
    const init = await waitFor('the initialize response', (m) => m.id === 1, 60000);
    assert.ok(!init.error, `initialize failed: ${JSON.stringify(init.error)}`);
    assert.ok(init.result.capabilities.completionProvider, 'server does not offer completion');
    send({ method: 'initialized', params: {} });
    const uri = pathToFileURL(broken).href;
    send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'fabric', version: 1, text: brokenText } } });
    const diagnostics = await waitFor(
      'diagnostics for broken.fabric',
      (m) => m.method === 'textDocument/publishDiagnostics' && m.params.uri.endsWith('broken.fabric') && m.params.diagnostics.length > 0,
      60000,
    );
    const unresolved = diagnostics.params.diagnostics.find((d) => d.range.start.line === 6);
    assert.ok(unresolved, `no diagnostic on line 7 (the unresolved cluster): ${JSON.stringify(diagnostics.params.diagnostics)}`);
    assert.equal(unresolved.severity, 1, 'the unresolved reference should be an error');
    assert.deepEqual(received.filter((m) => m.garbage), [], 'server wrote non-LSP output to stdout');
    send({ id: 2, method: 'shutdown' });
    await waitFor('the shutdown response', (m) => m.id === 2, 20000);
    send({ method: 'exit' });
    const result = await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running'), 20000).unref())]);
    assert.notEqual(result, 'still running', 'server did not exit after shutdown/exit');
  } finally {
    server.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
