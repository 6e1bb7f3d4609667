// Tokenizes .fabric text with the real TextMate engine VS Code uses (vscode-textmate + oniguruma)
// and checks that the grammar's keywords are highlighted, and that it stays in sync with Fabric.xtext.
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
      const file = path.join(root, 'syntaxes', 'fabric.tmLanguage.json');
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

test('every word keyword of Fabric.xtext is highlighted', () => {
  assert.ok(fs.existsSync(xtextGrammar), `Xtext grammar not found at ${xtextGrammar}`);
  const source = fs.readFileSync(xtextGrammar, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const body = source.substring(source.indexOf('\n', source.indexOf('generate ')));
  const keywords = new Set<string>();
  for (const match of body.matchAll(/'([^'\\]+)'/g)) {
    if (/^[A-Za-z][A-Za-z0-9-]*(\/[A-Za-z]+)?$/.test(match[1])) {
      keywords.add(match[1]);
    }
  }
  assert.ok(keywords.size > 5, `suspiciously few keywords parsed from Fabric.xtext: ${[...keywords]}`);
  const missing = [...keywords].filter((keyword) => {
    const scopes = tokenize(`${keyword}\n`).find((t) => t.text === keyword)?.scopes ?? [];
    return !scopes.some((s) => s.startsWith('keyword.') || s.startsWith('support.constant.'));
  });
  assert.deepEqual(missing, [], `add these Fabric.xtext keywords to syntaxes/fabric.tmLanguage.json: ${missing.join(', ')}`);
});
