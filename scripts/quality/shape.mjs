#!/usr/bin/env node
// The code's shape beside the targets of issue 40 ("Code the next engineer copies"): long files, long functions,
// operations without a spec, import cycles, feature folders that import each other, duplicate pairs. For engineers
// (before and after a clean-up), not a gate: it always exits 0.
//   npm run shape [-- --top 30]        --top: rows per list (default 30), --all: every row
//
// What is measured (decided here, so that before and after count alike):
// - Code: .ts .tsx .mts .cts .js .mjs .cjs .jsx files that git tracks or would track (the working tree, .gitignore
//   applied; stylesheets, JSON and YAML are not code). Not counted, as the issue says "outside data, migrations, seeds
//   and tests":
//   - tests: specs and tests (*.spec.*, *.e2e-spec.*, *.test.*), tests/, every test/ and fixtures/ folder and
//     libs/testing (eslint.config.mjs's TEST_FILES, and test fixtures wherever they are);
//   - migrations: every migrations/ folder (committed as the TypeORM CLI wrote them);
//   - seeds: every seed/ folder (the demo shop, content and staff, their images and runners) and scripts/seed.mjs;
//   - data: *.data.* files (seed data), the German text tables of libs/i18n-de (messages.ts and *-texts.ts: keyed
//     texts, no logic; translate.ts and weekdays.ts there are code), generated files (*.d.ts, and files whose head
//     says they are generated: a client from the OpenAPI document is not written by hand).
//   scripts/ and deploy/ count: they are code someone copies too.
// - Lines: physical lines, blank lines and comments included (what an editor shows and `wc -l` counts), for files
//   and for functions alike: ESLint's own max-lines-per-function with skipBlankLines and skipComments off. A nested
//   function is a function of its own (a component's 90-line effect is listed beside the component).
// - Operation file: where a server-side operation (a request, event or job a service answers) is written, in
//   services/*/src and gateway/src: use cases (*.usecase.ts, or <op>.ts in usecases/<op>/), NestJS services
//   (*.service.ts) and CRUD resource definitions (*.crud.ts: their authorize/assign/before* hooks are the resource's
//   operations, run by libs/server's CrudService). Controllers, routes and job processors are transport (they decode
//   and hand over) and libs/server's generic CrudService is the engine, not an operation. "With a spec": a
//   <name>.spec.ts (or <name>.<anything>.spec.ts, or <op>.spec.ts for <op>.usecase.ts) in the same folder.
// - Import cycles: what the import-x/no-cycle rule of eslint.config.mjs (the one `npm run lint` runs) reports on the
//   counted files, as import statements closing a cycle.
// - Feature folders importing each other: in a service (services/<name>/src) or the gateway, two top-level folders
//   under src/ that each import from the other (type imports included: they still tie the folders together).
//   Issue 40 item 5 wants the order service's folders importing one way; the others are listed for the record.
// - Duplicate pairs: what the local `duplicates` tool counts among the counted files (the same six-line runs it finds
//   in the whole tree, minus pairs with a side in tests, data, migrations or seeds); "not measured" where the tool is
//   not installed.
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, matchesGlob, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { ROOT, option, flag } from './lib.mjs';

const TARGETS = { longFiles: 5, longFunctions: 15, duplicatePairs: 100, cycles: 0 };
const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 80;
const TOP = flag('--all') ? Infinity : Number(option('--top') ?? 30);

const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const NOT_COUNTED = {
  test: [
    '**/*.spec.*',
    '**/*.e2e-spec.*',
    '**/*.test.*',
    'tests/**',
    '**/test/**',
    '**/fixtures/**',
    'libs/testing/**',
  ],
  migration: ['**/migrations/**'],
  seed: ['**/seed/**', 'scripts/seed.mjs'],
  data: ['**/*.data.*', 'libs/i18n-de/src/messages.ts', 'libs/i18n-de/src/*-texts.ts', '**/*.d.ts', '**/*.d.mts'],
};
const GENERATED_HEAD = /auto-?generated|do not (edit|make direct changes)|@generated/i;

/** Why a file is not counted (test, migration, seed, data), or undefined for code that counts. */
function notCountedAs(file, text) {
  for (const [why, globs] of Object.entries(NOT_COUNTED)) if (globs.some((g) => matchesGlob(file, g))) return why;
  if (GENERATED_HEAD.test(text.slice(0, 400))) return 'data';
  return undefined;
}

/** The working tree's code files as git sees them (tracked, or untracked and not ignored), repository-relative. */
function codeFiles() {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    maxBuffer: 64 << 20,
  });
  const files = new Set(out.toString('utf8').split('\0'));
  return [...files].filter((f) => CODE.test(f) && existsSync(join(ROOT, f))).sort();
}

const lineCount = (text) => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

/* ------------------------------------------------------------------------------------------- operation files */

const OPERATION_ROOTS = /^(services\/[^/]+\/src|gateway\/src)\//;

/** 'usecase' | 'service' | 'crud' for an operation file (see the definition at the top), else undefined. */
function operationKind(file) {
  if (!OPERATION_ROOTS.test(file)) return undefined;
  const name = basename(file);
  if (name.endsWith('.usecase.ts')) return 'usecase';
  const folder = dirname(file).split('/');
  if (folder.at(-2) === 'usecases' && name === `${folder.at(-1)}.ts`) return 'usecase';
  if (name.endsWith('.service.ts')) return 'service';
  if (name.endsWith('.crud.ts')) return 'crud';
  return undefined;
}

function hasSpecBeside(file) {
  const stem = basename(file, '.ts');
  const stems = [stem, stem.replace(/\.usecase$/, '')];
  return readdirSync(join(ROOT, dirname(file))).some((f) =>
    stems.some((s) => f === `${s}.spec.ts` || (f.startsWith(`${s}.`) && f.endsWith('.spec.ts'))),
  );
}

/* ----------------------------------------------------------------------------- folders importing each other */

/** Pairs of top-level folders under one project's src/ that import each other, as 'project: a <-> b'. */
function foldersImportingEachOther(files) {
  const edges = new Set();
  for (const file of files) {
    const root = OPERATION_ROOTS.exec(file)?.[1];
    if (!root) continue;
    const from = relative(root, file).split('/');
    if (from.length < 2) continue; // the composition root (src/*.ts) may import every folder
    for (const { fileName } of ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = relative(root, resolve('/', dirname(file), fileName).slice(1)).split('/');
      if (to.length >= 2 && to[0] !== '..' && to[0] !== from[0]) edges.add(`${root}\0${from[0]}\0${to[0]}`);
    }
  }
  return [...edges]
    .map((e) => e.split('\0'))
    .filter(([root, a, b]) => a < b && edges.has(`${root}\0${b}\0${a}`))
    .map(([root, a, b]) => `${root.replace(/\/src$/, '')}: ${a} <-> ${b}`)
    .sort();
}

/* -------------------------------------------------------------------------------------- ESLint and duplicates */

/** Functions over the limit and import cycles, from one ESLint run with the repository's configuration. */
async function lintFindings(files) {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: {
      rules: {
        'max-lines-per-function': [
          'error',
          { max: MAX_FUNCTION_LINES, skipBlankLines: false, skipComments: false, IIFEs: true },
        ],
      },
    },
    ruleFilter: ({ ruleId }) => ruleId === 'max-lines-per-function' || ruleId === 'import-x/no-cycle',
    errorOnUnmatchedPattern: false,
  });
  const functions = [];
  const cycles = [];
  const unreadable = [];
  for (const result of await eslint.lintFiles(files)) {
    const file = relative(ROOT, result.filePath);
    for (const m of result.messages) {
      if (m.ruleId === 'max-lines-per-function') {
        const [, name, lines] = /^(.*) has too many lines \((\d+)\)/.exec(m.message);
        functions.push({ file, line: m.line, lines: Number(lines), name });
      } else if (m.ruleId === 'import-x/no-cycle') cycles.push({ file, line: m.line, message: m.message });
      else if (m.fatal) unreadable.push(`${file}:${m.line ?? 0} ${m.message}`);
    }
  }
  return { functions: functions.sort((a, b) => b.lines - a.lines), cycles, unreadable };
}

/**
 * The `duplicates` tool's pairs among the counted files, or null where the tool is not installed. Outside a git
 * checkout it reads every file below the folder it is given, so the counted files are copied into a temporary one.
 */
async function duplicatePairs(files) {
  try {
    execFileSync('sh', ['-c', 'command -v duplicates'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const tree = mkdtempSync(join(tmpdir(), 'shape-'));
  try {
    for (const file of files) {
      mkdirSync(join(tree, dirname(file)), { recursive: true });
      copyFileSync(join(ROOT, file), join(tree, file));
    }
    const { stdout } = await promisify(execFile)('duplicates', ['--most', '200', '--seconds', '120'], {
      cwd: tree,
      maxBuffer: 16 << 20,
    }).catch((error) => ({ stdout: `incomplete: ${error.message}` }));
    const lines = stdout.split('\n');
    const rows = lines.filter((l) => /^D\d+ /.test(l)).map((l) => l.replace(/^D\d+ /, ''));
    const count = /^no duplicates/.test(lines[0]) ? 0 : Number(/^(\d+) pairs? /.exec(lines[0])?.[1] ?? rows.length);
    return { count, rows, notes: lines.filter((l) => /^(incomplete|left out):/.test(l)) };
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

/* ------------------------------------------------------------------------------------------------------ output */

function list(title, rows) {
  console.log(`\n${title}`);
  for (const row of rows.slice(0, TOP)) console.log(`  ${row}`);
  if (rows.length > TOP) console.log(`  … ${rows.length - TOP} more (--all)`);
  if (rows.length === 0) console.log('  none');
}

const started = Date.now();
const all = codeFiles();
const counted = [];
const skipped = { test: 0, migration: 0, seed: 0, data: 0 };
for (const file of all) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const why = notCountedAs(file, text);
  if (why) skipped[why] += 1;
  else counted.push({ file, lines: lineCount(text) });
}
const files = counted.map((c) => c.file);
const duplicates = duplicatePairs(files); // runs beside ESLint
const { functions, cycles, unreadable } = await lintFindings(files);
const longFiles = counted.filter((c) => c.lines > MAX_FILE_LINES).sort((a, b) => b.lines - a.lines);
const operations = files
  .filter(operationKind)
  .map((file) => ({ file, kind: operationKind(file), spec: hasSpecBeside(file) }));
const withSpec = operations.filter((o) => o.spec);
const folderPairs = foldersImportingEachOther(files);
const dup = await duplicates;

const figure = (name, now, target) => console.log(`  ${name.padEnd(48)}${String(now).padStart(9)}   ${target}`);
console.log(
  `Code shape (issue 40): ${files.length} code files counted; not counted: ${skipped.test} test, ` +
    `${skipped.migration} migration, ${skipped.seed} seed, ${skipped.data} data/generated files\n`,
);
console.log(`  ${''.padEnd(48)}${'now'.padStart(9)}   target`);
figure(`files over ${MAX_FILE_LINES} lines`, longFiles.length, `at most ${TARGETS.longFiles}`);
figure(`functions over ${MAX_FUNCTION_LINES} lines`, functions.length, `at most ${TARGETS.longFunctions}`);
figure('operation files with a spec beside', `${withSpec.length} of ${operations.length}`, 'all');
figure('import cycles (import-x/no-cycle findings)', cycles.length, String(TARGETS.cycles));
const orderPairs = folderPairs.filter((p) => p.startsWith('services/order:'));
figure('order service folders importing each other', orderPairs.length, '0 (item 5: one way)');
figure('  (in all services and the gateway)', folderPairs.length, '');
figure(
  'duplicate pairs in counted code (`duplicates`)',
  dup ? dup.count : 'not measured',
  `at most ${TARGETS.duplicatePairs}`,
);
if (dup) {
  // what kind of repetition the listed rows are (the tool lists at most 200): the same lines to the letter, lines of
  // the same shape with other names and values, or such a shape that is mostly thin (a Nest constructor's
  // parameter list, an entity's column decorators) or recurs across a folder ('boilerplate')
  const kind = (row) => (!/ shape\b/.test(row) ? 'letter' : / boilerplate\b/.test(row) ? 'boilerplate' : 'shape');
  const tally = { letter: 0, shape: 0, boilerplate: 0 };
  for (const row of dup.rows) tally[kind(row)] += 1;
  figure(`  of ${dup.rows.length} listed: same to the letter`, tally.letter, '');
  figure('  alike in shape (other names and values)', tally.shape, '');
  figure('  alike in shape, boilerplate', tally.boilerplate, '');
}

list(
  `Files over ${MAX_FILE_LINES} lines, largest first`,
  longFiles.map((c) => `${String(c.lines).padStart(5)}  ${c.file}`),
);
list(
  `Functions over ${MAX_FUNCTION_LINES} lines, longest first`,
  functions.map((f) => `${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`),
);
const kinds = ['usecase', 'service', 'crud'].map((k) => {
  const ofKind = operations.filter((o) => o.kind === k);
  return `${k} ${ofKind.filter((o) => o.spec).length}/${ofKind.length}`;
});
list(
  `Operation files without a spec beside (with a spec by kind: ${kinds.join(', ')})`,
  operations.filter((o) => !o.spec).map((o) => `${o.kind.padEnd(8)} ${o.file}`),
);
list(
  'Import cycles',
  cycles.map((c) => `${c.file}:${c.line}  ${c.message}`),
);
list('Feature folders importing each other (order service first)', [
  ...orderPairs,
  ...folderPairs.filter((p) => !orderPairs.includes(p)),
]);
if (dup) list('Duplicate pairs, most shared first', [...dup.rows, ...dup.notes]);
if (unreadable.length) list('Files ESLint could not parse (not measured)', unreadable);
console.log(`\n(${Math.round((Date.now() - started) / 1000)} s)`);
