// The command layer against the real FabricSim server (the fabric.jar that dsl.ide builds and the
// extension bundles): Validate and Open Report run its command line, Simulate and the code lens
// speak LSP to `fabric lsp` over stdio, as the extension does.
import * as assert from 'node:assert/strict';
import * as cp from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import {
  DRAW_COMMAND, drawRequest, isPicture, matchProblems, reportArguments, runJava, serverStatus, simulateRequest,
  SIMULATE_COMMAND, simulateTaskArguments, simulateTaskName, TASK_TYPE, validateArguments,
} from '../commands';

const MODEL = `package lens
cluster Duo { nodes 2 x 4 accelerators link 200 Gb/s latency 2 us }
benchmark Sweep { all-gather ring on Duo sizes 1 MiB, 2 MiB }
`;

/**
 * The server jar: FABRICSIM_SERVER_JAR, else dsl.ide's build output, else the bundled server/fabric.jar. The build
 * output comes first: the bundled copy is made after the tests (prepare-package), so it can be an older build's.
 */
function serverJar(): string {
  const candidates = [process.env.FABRICSIM_SERVER_JAR ?? '', path.resolve('../dsl.ide/target/fabric.jar'), path.resolve('server/fabric.jar')];
  const jar = candidates.find((candidate) => candidate && fs.existsSync(candidate));
  assert.ok(jar, `the FabricSim server jar is needed (build dsl.ide: ./mvnw -pl dsl.ide -am package -DskipTests); looked at ${candidates.join(', ')}`);
  return jar;
}

function model(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fabricsim-commands-'));
  const file = path.join(dir, 'lens.fabric');
  fs.writeFileSync(file, text);
  return file;
}

test('Validate prints file:line diagnostics and exits 1 on a model error', async () => {
  const file = model(MODEL.replace('on Duo', 'on Missing'));
  const outcome = await runJava('java', validateArguments(serverJar(), file));
  assert.equal(outcome.code, 1, outcome.stderr);
  assert.match(outcome.stdout, new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:\\d+: error`));
});

test('Open Report writes the self-contained HTML report of the file', async () => {
  const file = model(MODEL);
  const report = path.join(path.dirname(file), 'report.html');
  const outcome = await runJava('java', reportArguments(serverJar(), file, report));
  assert.equal(outcome.code, 0, outcome.stderr);
  assert.match(outcome.stdout, /# lens\.Sweep: all-gather ring over 8 accelerators/);
  assert.match(fs.readFileSync(report, 'utf8'), /<title>FabricSim report<\/title>/);
});

/** The fabricsim problem matcher's pattern as package.json contributes it. */
function matcherPattern(): string {
  const manifest = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8'));
  const matcher = manifest.contributes.problemMatchers.find((m: { name: string }) => m.name === 'fabricsim');
  assert.ok(matcher, 'package.json contributes the fabricsim problem matcher');
  return matcher.pattern.regexp;
}

test('a fabricsim task runs fabric simulate and its problem matcher finds each diagnostic at its line', async () => {
  const file = model(MODEL.replace('on Duo', 'on Missing'));
  const definition = { type: TASK_TYPE, file } as const;
  assert.equal(simulateTaskName(definition), `simulate ${file}`);
  const outcome = await runJava('java', simulateTaskArguments(serverJar(), definition));
  assert.notEqual(outcome.code, 0);
  const problems = matchProblems(matcherPattern(), outcome.stdout + outcome.stderr);
  // in line order (every command prints a file's diagnostics by line, then column): the info that Duo (line 2,
  // after 'cluster ') is now unused, and the error on the benchmark's reference to Missing (line 3, after 'on ')
  const lines = MODEL.replace('on Duo', 'on Missing').split('\n');
  assert.deepEqual(problems.map((p) => [p.file, p.line, p.column, p.severity, p.code]), [
    [file, 2, lines[1].indexOf('Duo') + 1, 'info', 'fabric.hygiene.unused'],
    [file, 3, lines[2].indexOf('Missing') + 1, 'error', 'fabric.name.unresolved'],
  ], outcome.stdout + outcome.stderr);
  assert.match(problems[1].message, /No cluster named 'Missing'/);
});

test('a fabricsim task for one study simulates that study only', async () => {
  const file = model(MODEL + 'benchmark Other { all-reduce ring on Duo sizes 4 MiB }\n');
  const outcome = await runJava('java', simulateTaskArguments(serverJar(), { type: TASK_TYPE, file, study: 'Sweep' }));
  assert.equal(outcome.code, 0, outcome.stderr);
  assert.match(outcome.stdout, /# lens\.Sweep: all-gather ring/);
  assert.doesNotMatch(outcome.stdout, /lens\.Other/);
  assert.deepEqual(matchProblems(matcherPattern(), outcome.stdout + outcome.stderr), []);
});

test('the status bar names each server state and a click restarts the server', () => {
  const states = ['starting', 'running', 'stopped', 'missing'] as const;
  const texts = states.map((state) => serverStatus(state).text);
  assert.equal(new Set(texts).size, states.length, 'each state has its own text');
  assert.ok(texts.every((text) => text.endsWith('FabricSim')));
  assert.match(serverStatus('running').tooltip, /restart/);
});

/** A minimal LSP client over the server process's stdio (Content-Length framing, JSON-RPC 2.0). */
class Lsp {
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();

  constructor(private readonly server: cp.ChildProcessWithoutNullStreams) {
    server.stdout.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      for (;;) {
        const headerEnd = this.buffer.indexOf('\r\n\r\n');
        if (headerEnd < 0) return;
        const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString())?.[1]);
        if (this.buffer.length < headerEnd + 4 + length) return;
        const message = JSON.parse(this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8'));
        this.buffer = this.buffer.subarray(headerEnd + 4 + length);
        if (message.id !== undefined && this.pending.has(message.id)) {
          this.pending.get(message.id)!(message);
          this.pending.delete(message.id);
        }
      }
    });
  }

  notify(method: string, params: unknown): void {
    this.write({ jsonrpc: '2.0', method, params });
  }

  request(method: string, params: unknown): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (message) => (message.error ? reject(new Error(JSON.stringify(message.error))) : resolve(message.result)));
      this.write({ jsonrpc: '2.0', id, method, params });
    });
  }

  private write(message: unknown): void {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.server.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.server.stdin.write(body);
  }
}

test('the server offers Simulate and Draw code lenses and runs them as fabricsim.simulate and fabricsim.draw', { timeout: 300000 }, async () => {
  const file = model(MODEL);
  const uri = pathToFileURL(file).toString();
  const server = cp.spawn('java', ['-jar', serverJar(), 'lsp']);
  try {
    const lsp = new Lsp(server);
    const init = (await lsp.request('initialize', { processId: process.pid, rootUri: pathToFileURL(path.dirname(file)).toString(), capabilities: { workspace: { executeCommand: { dynamicRegistration: false } } } })) as {
      capabilities: { codeLensProvider?: unknown };
    };
    assert.ok(init.capabilities.codeLensProvider, 'code lenses advertised');
    lsp.notify('initialized', {});
    lsp.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'fabric', version: 1, text: MODEL } });
    const lenses = (await lsp.request('textDocument/codeLens', { textDocument: { uri } })) as {
      range: { start: { line: number } };
      command: { title: string; command: string; arguments: string[] };
    }[];
    // Draw on the cluster's line (0-based 1), Simulate on the benchmark's (2)
    assert.deepEqual(lenses.map((l) => [l.range.start.line, l.command.title, l.command.command]),
      [[1, 'Draw Duo', DRAW_COMMAND], [2, 'Simulate Sweep', SIMULATE_COMMAND]]);
    // the preview: 2 nodes x 4 = 8 accelerators, the title fabric draw writes
    const picture = String(await lsp.request('workspace/executeCommand', drawRequest(uri, 'Duo')));
    assert.ok(isPicture(picture), picture);
    assert.match(picture, /Duo: 8 accelerators, 2 nodes of 4/);
    const answer = String(await lsp.request('workspace/executeCommand', simulateRequest(uri, 'Sweep')));
    // the nccl-tests table of both sizes, 1,048,576 and 2,097,152 bytes
    assert.match(answer, /# lens\.Sweep: all-gather ring over 8 accelerators \(2 nodes x 4\)/);
    assert.match(answer, / 1048576 /);
    assert.match(answer, / 2097152 /);
    await lsp.request('shutdown', null);
    lsp.notify('exit', null);
  } finally {
    server.kill();
  }
});
