#!/usr/bin/env node
// Generates the TextMate grammar (highlighting) of .fabric files from the Xtext grammar, so that the
// highlighted keywords never drift from the language:
//   node scripts/generate-grammar.mjs [Fabric.xtext] [out/fabric.tmLanguage.json]
// Keywords of parser rules become keyword.*, a keyword directly followed by `name=ID` also names
// what it defines (entity.name.type), literals of the enum `Unit` (and the `$` of Quantity) become
// units, literals of the other enums become support.constant.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const defaultXtext = path.resolve(root, '..', 'dsl', 'src', 'main', 'java', 'org', 'fabricsim', 'dsl', 'Fabric.xtext');

/** Splits Fabric.xtext into its rules: { name, isEnum, body }. */
export function parseRules(source) {
  const text = source
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\/\/[^\n]*/g, (m) => (m.startsWith('//') ? ' ' : m));
  const rules = [];
  // A rule starts at the beginning of a line: [enum|terminal] Name [returns X] [hidden(...)] : body ;
  const header = /^(enum\s+|terminal\s+(?:fragment\s+)?|fragment\s+)?([A-Za-z_]\w*)\b[^:;'\n]*:/gm;
  const starts = [];
  let match;
  while ((match = header.exec(text)) !== null) {
    if (/^(grammar|generate|import)$/.test(match[2])) continue;
    starts.push({ index: match.index, bodyStart: header.lastIndex, kind: (match[1] ?? '').trim(), name: match[2] });
  }
  for (let i = 0; i < starts.length; i++) {
    const end = i + 1 < starts.length ? starts[i + 1].index : text.length;
    const body = text.substring(starts[i].bodyStart, end).replace(/;\s*$/, '');
    rules.push({ name: starts[i].name, kind: starts[i].kind.split(/\s+/)[0] || 'parser', body });
  }
  return rules;
}

const literal = /'((?:[^'\\]|\\.)*)'/g;
const isWord = (s) => /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(s) && /[A-Za-z]/.test(s);

/** Classifies the keywords of the grammar. */
export function classifyKeywords(source) {
  const imports = new Set();
  const definitions = new Set();
  const keywords = new Set();
  const constants = new Set();
  const units = new Set();
  for (const rule of parseRules(source)) {
    if (rule.kind === 'terminal') continue;
    // A rule that only lists literals (VaryKeyword: the values a varied parameter takes) lists values,
    // as an enum does: they stay constants unless another rule uses them as keywords.
    const valueList = rule.kind === 'enum' || /^\s*'[^']*'(\s*\|\s*'[^']*')*\s*$/.test(rule.body);
    for (const m of rule.body.matchAll(literal)) {
      const value = m[1];
      if (valueList) {
        if (rule.kind === 'enum' && rule.name === 'Unit') {
          units.add(value);
        } else if (isWord(value)) {
          constants.add(value);
        }
      } else if (rule.name === 'Quantity' && value === '$') {
        units.add(value);
      } else if (isWord(value)) {
        keywords.add(value);
      }
    }
    for (const m of rule.body.matchAll(/'([A-Za-z][\w-]*)'\s*name\s*=\s*(?:ID|ValidID)\b/g)) {
      definitions.add(m[1]);
    }
  }
  for (const word of ['package', 'import']) {
    if (keywords.delete(word)) imports.add(word);
  }
  for (const word of definitions) keywords.delete(word);
  for (const word of [...imports, ...definitions, ...keywords]) constants.delete(word);
  return { imports, definitions, keywords, constants, units };
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/-]/g, (c) => (c === '-' || c === '/' ? c : `\\${c}`));
const alternation = (words) => [...words].sort((a, b) => b.length - a.length || a.localeCompare(b)).map(escape).join('|');
// Identifiers may contain letters, digits and _ (and start with ^); keywords may contain '-'.
const wordBoundary = (words) => `(?<![\\w^-])(${alternation(words)})(?![\\w/-])`;

export function buildGrammar(classes) {
  const { imports, definitions, keywords, constants, units } = classes;
  const unitWords = [...units].filter((u) => u !== '$');
  const patterns = {
    comments: {
      patterns: [
        { name: 'comment.block.documentation.fabric', begin: '/\\*\\*(?!/)', end: '\\*/' },
        { name: 'comment.block.fabric', begin: '/\\*', end: '\\*/' },
        { name: 'comment.line.double-slash.fabric', match: '//.*$' },
      ],
    },
    strings: {
      patterns: [
        { name: 'string.quoted.double.fabric', begin: '"', end: '"', patterns: [{ name: 'constant.character.escape.fabric', match: '\\\\.' }] },
        { name: 'string.quoted.single.fabric', begin: "'", end: "'", patterns: [{ name: 'constant.character.escape.fabric', match: '\\\\.' }] },
      ],
    },
    definitions: {
      comment: 'A definition keyword followed by the name it defines.',
      match: `(?<![\\w^-])(${alternation(definitions)})\\s+(\\^?[A-Za-z_][A-Za-z0-9_]*)`,
      captures: { 1: { name: 'keyword.other.definition.fabric' }, 2: { name: 'entity.name.type.fabric' } },
    },
    keywords: {
      patterns: [
        { name: 'keyword.control.import.fabric', match: wordBoundary(imports) },
        { name: 'keyword.other.definition.fabric', match: wordBoundary(definitions) },
        { name: 'keyword.other.fabric', match: wordBoundary(keywords) },
      ],
    },
    constants: { comment: 'Enumerated values.', name: 'support.constant.fabric', match: wordBoundary(constants) },
    quantities: {
      patterns: [
        { name: 'keyword.other.unit.fabric', match: '\\$(?=\\s*\\d)' },
        { name: 'constant.numeric.fabric', match: '(?<![\\w.])\\d+(?:\\.\\d+)?(?![\\w.])' },
        { name: 'keyword.other.unit.fabric', match: `(?:(?<=[\\d\\s])|^)(${alternation(unitWords)})(?![\\w/])` },
      ],
    },
    punctuation: {
      patterns: [
        { name: 'punctuation.section.block.begin.fabric', match: '\\{' },
        { name: 'punctuation.section.block.end.fabric', match: '\\}' },
        { name: 'punctuation.section.brackets.fabric', match: '[\\[\\]]' },
        { name: 'punctuation.separator.fabric', match: '[,:]' },
        { name: 'punctuation.separator.period.fabric', match: '\\.' },
      ],
    },
  };
  for (const [key, set] of [['definitions', definitions], ['constants', constants]]) {
    if (set.size === 0) delete patterns[key];
  }
  patterns.keywords.patterns = patterns.keywords.patterns.filter((p) => !p.match.includes('(?<![\\w^-])()'));
  return {
    $comment: 'GENERATED from dsl/src/main/java/org/fabricsim/dsl/Fabric.xtext by vscode/scripts/generate-grammar.mjs; do not edit.',
    name: 'FabricSim',
    scopeName: 'source.fabric',
    fileTypes: ['fabric'],
    patterns: Object.keys(patterns).map((key) => ({ include: `#${key}` })),
    repository: patterns,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const xtext = path.resolve(process.argv[2] ?? defaultXtext);
  const out = path.resolve(process.argv[3] ?? path.join(root, 'out', 'fabric.tmLanguage.json'));
  if (!fs.existsSync(xtext)) {
    console.error(`generate-grammar: ${xtext} not found`);
    process.exit(1);
  }
  const classes = classifyKeywords(fs.readFileSync(xtext, 'utf8'));
  const total = Object.values(classes).reduce((n, s) => n + s.size, 0);
  if (classes.definitions.size === 0 || classes.keywords.size === 0 || classes.units.size === 0) {
    console.error(`generate-grammar: suspicious parse of ${xtext}: ${JSON.stringify(Object.fromEntries(Object.entries(classes).map(([k, v]) => [k, [...v]])))}`);
    process.exit(1);
  }
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(buildGrammar(classes), null, 2)}\n`);
  console.log(`generate-grammar: ${total} keywords from ${path.relative(process.cwd(), xtext)} -> ${path.relative(process.cwd(), out)}`);
}
