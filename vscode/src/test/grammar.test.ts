// Tokenizes .fabric text with the real TextMate engine VS Code uses (vscode-textmate + oniguruma),
// using out/fabric.tmLanguage.json as generated from Fabric.xtext by scripts/generate-grammar.mjs.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, test } from 'node:test';
import * as oniguruma from 'vscode-oniguruma';
import * as textmate from 'vscode-textmate';

const root = path.resolve(__dirname, '..', '..');
const xtextGrammar = path.resolve(root, '..', 'dsl', 'src', 'main', 'java', 'org', 'fabricsim', 'dsl', 'Fabric.xtext');

let grammar: textmate.IGrammar;

before(async () => {
  const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName: string) => {
      if (scopeName !== 'source.fabric') {
        return null;
      }
      const file = path.join(root, 'out', 'fabric.tmLanguage.json');
      return textmate.parseRawGrammar(fs.readFileSync(file, 'utf8'), file);
    },
  });
  const loaded = await registry.loadGrammar('source.fabric');
  assert.ok(loaded, 'source.fabric grammar did not load');
  grammar = loaded;
});

interface Token {
  text: string;
  scopes: string[];
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let state = textmate.INITIAL;
  for (const line of text.split('\n')) {
    const result = grammar.tokenizeLine(line, state);
    for (const token of result.tokens) {
      tokens.push({ text: line.substring(token.startIndex, token.endIndex), scopes: token.scopes });
    }
    state = result.ruleStack;
  }
  return tokens;
}

function scopesOf(tokens: Token[], text: string): string[] {
  const token = tokens.find((t) => t.text.trim() === text);
  assert.ok(token, `no token "${text}" in ${JSON.stringify(tokens.map((t) => t.text))}`);
  return token.scopes;
}

const quickstart = `package quickstart
/** A small cluster. */
cluster Small {
    nodes 2 x 8 accelerators   // two nodes
    link 400 Gb/s latency 1 us
}
benchmark RingAllReduce {
    all-reduce ring on Small
    sizes 1 MiB, 1.5 GiB
}`;

test('keywords, names, numbers, units and comments get their scopes', () => {
  const tokens = tokenize(quickstart);
  for (const keyword of ['package', 'cluster', 'nodes', 'x', 'accelerators', 'link', 'latency', 'benchmark', 'on', 'sizes']) {
    assert.ok(scopesOf(tokens, keyword).some((s) => s.startsWith('keyword.')), `${keyword} is not a keyword`);
  }
  assert.ok(scopesOf(tokens, 'Small').includes('entity.name.type.fabric'));
  assert.ok(scopesOf(tokens, 'RingAllReduce').includes('entity.name.type.fabric'));
  assert.ok(scopesOf(tokens, 'all-reduce').includes('support.constant.fabric'));
  assert.ok(scopesOf(tokens, '400').includes('constant.numeric.fabric'));
  assert.ok(scopesOf(tokens, '1.5').includes('constant.numeric.fabric'));
  for (const unit of ['Gb/s', 'us', 'MiB', 'GiB']) {
    assert.ok(scopesOf(tokens, unit).includes('keyword.other.unit.fabric'), `${unit} is not a unit`);
  }
  assert.ok(scopesOf(tokens, '// two nodes').includes('comment.line.double-slash.fabric'));
  assert.ok(scopesOf(tokens, 'A small cluster.').includes('comment.block.documentation.fabric'));
});

test('identifiers that merely contain keywords are not highlighted', () => {
  const tokens = tokenize('benchmark onRing {\n  all-reduce ring on clusterX\n}');
  assert.ok(scopesOf(tokens, 'onRing').includes('entity.name.type.fabric'));
  assert.ok(!scopesOf(tokens, 'clusterX').some((s) => s.startsWith('keyword.')));
});

const design = `package meta.llama3
import fabric.catalog.nvidia.*

cluster Grand16K {
    nodes 2048 x DGX_H100
    scale-out RoCE400 fat-tree {
        tiers 3
        oversubscription 1:1, 1:1, 7:1
        rails 8
        routing ecmp
    }
}
cost Rent {
    accelerator-hour $2.50/h
    pue 1.3
}
model Llama3_405B transformer {
    layers 126  hidden 16384  ffn 53248  heads 128  kv-heads 8  vocab 128256
}
training Pretrain {
    model Llama3_405B on Grand16K
    sequence 8192  batch 16 tokens  precision bf16
    parallel tensor 8  pipeline 16  data 128
    schedule interleaved-1f1b
}`;

test('the design document example is highlighted', () => {
  const tokens = tokenize(design);
  assert.ok(scopesOf(tokens, 'import').includes('keyword.control.import.fabric'));
  for (const name of ['Grand16K', 'Rent', 'Llama3_405B', 'Pretrain']) {
    assert.ok(scopesOf(tokens, name).includes('entity.name.type.fabric'), `${name} is not a definition name`);
  }
  for (const keyword of ['scale-out', 'fat-tree', 'tiers', 'oversubscription', 'kv-heads', 'accelerator-hour', 'parallel']) {
    assert.ok(scopesOf(tokens, keyword).some((s) => s.startsWith('keyword.')), `${keyword} is not a keyword`);
  }
  for (const constant of ['ecmp', 'bf16', 'interleaved-1f1b', 'transformer']) {
    assert.ok(scopesOf(tokens, constant).includes('support.constant.fabric'), `${constant} is not a constant`);
  }
  assert.ok(scopesOf(tokens, '$').includes('keyword.other.unit.fabric'));
  assert.ok(scopesOf(tokens, '2.50').includes('constant.numeric.fabric'));
  assert.ok(scopesOf(tokens, '/h').includes('keyword.other.unit.fabric'));
  // References are plain identifiers, even where they look like keywords.
  assert.ok(!scopesOf(tokens, 'DGX_H100').some((s) => s.startsWith('keyword.')));
});

test('every keyword and unit of Fabric.xtext is highlighted', () => {
  assert.ok(fs.existsSync(xtextGrammar), `Xtext grammar not found at ${xtextGrammar}`);
  // Deliberately naive and independent of the generator: every quoted literal in the grammar.
  const source = fs.readFileSync(xtextGrammar, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const body = source.substring(source.indexOf('\n', source.indexOf('generate ')));
  const unitRule = /enum\s+Unit\s*:([^;]*);/.exec(body);
  assert.ok(unitRule, 'no enum Unit in Fabric.xtext');
  const units = new Set([...unitRule[1].matchAll(/'([^'\\]+)'/g)].map((m) => m[1]));
  const words = new Set<string>();
  for (const match of body.matchAll(/'([^'\\]+)'/g)) {
    if (!units.has(match[1]) && /^[A-Za-z0-9][A-Za-z0-9-]*$/.test(match[1]) && /[A-Za-z]/.test(match[1])) {
      words.add(match[1]);
    }
  }
  assert.ok(words.size > 5, `suspiciously few keywords parsed from Fabric.xtext: ${[...words]}`);
  const missing = [...words].filter((word) => {
    const scopes = tokenize(`${word}\n`).find((t) => t.text === word)?.scopes ?? [];
    return !scopes.some((s) => s.startsWith('keyword.') || s.startsWith('support.constant.'));
  });
  assert.deepEqual(missing, [], `keywords of Fabric.xtext that are not highlighted: ${missing.join(', ')}`);
  const missingUnits = [...units].filter((unit) => {
    const scopes = tokenize(`1 ${unit}\n`).find((t) => t.text.trim() === unit)?.scopes ?? [];
    return !scopes.includes('keyword.other.unit.fabric');
  });
  assert.deepEqual(missingUnits, [], `units of Fabric.xtext that are not highlighted after a number: ${missingUnits.join(', ')}`);
});

test('every example model tokenizes without unmatched block comments or strings', () => {
  const examples = path.resolve(root, '..', 'examples');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'target') walk(full);
      else if (entry.name.endsWith('.fabric')) files.push(full);
    }
  };
  if (fs.existsSync(examples)) walk(examples);
  assert.ok(files.length > 0, `no .fabric files under ${examples}`);
  for (const file of files) {
    const tokens = tokenize(fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n'));
    const last = tokens[tokens.length - 1];
    assert.ok(last, `${file} produced no tokens`);
    assert.ok(!last.scopes.some((s) => s.startsWith('comment.block') || s.startsWith('string.')), `${file} ends inside a comment or string`);
    assert.ok(tokens.some((t) => t.scopes.some((s) => s.startsWith('keyword.'))), `${file} has no highlighted keyword`);
  }
});
