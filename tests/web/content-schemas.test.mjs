// The JSON Schemas of the content files (tools/package/schemas/), which the starter's
// .vscode/settings.json hands to an instructor's editor so that a content file is checked
// as it is typed, before any build. The build's own checks (tools/site/*.mjs) remain the
// authority: a schema says less than they do (distinct ids, a default inside its range,
// ids known to another file; it only adds that a misspelt key is named, where the build
// would ignore it), but it must never refuse the lab's own content, must refuse the
// everyday mistakes, and must name the same words and ranges as the build. Checked:
// every schema compiles; every content file is valid against the schema its editor gets;
// realistic mistakes, made in memory, are refused; the schemas' lists agree with the
// build's; and every content file is mapped to an existing schema in the starter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { PAGE_KINDS } from '../../tools/site/registry.mjs';
import { OWN_RESULT_PAGES } from '../../web/js/work/own-results.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCHEMAS = join(ROOT, 'tools/package/schemas');
const readJson = (path) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

// Which schema each content file gets (the same as the starter's .vscode/settings.json).
const SCHEMA_OF = {
  'content/course.json': 'course',
  'content/pages.json': 'pages',
  'content/shared.json': 'shared',
  'content/glossary.json': 'glossary',
  'content/quick-checks.json': 'quick-checks',
  'content/fr/glossary.json': 'glossary',  // a language's own (content/LANG/), the same shape
  'content/fr/quick-checks.json': 'quick-checks',
  'content/fr/course.json': 'course',
  'content/fr/pages.json': 'pages-words',
  'content/assignment.json': 'assignment',
  'content/translation/grammar.json': 'grammar-translation',
  'content/comments/grammar.json': 'grammar-comments',
};
const widgetFiles = readdirSync(join(ROOT, 'content/widgets')).filter((f) => f.endsWith('.json')).sort();
for (const f of widgetFiles) SCHEMA_OF[`content/widgets/${f}`] = 'widget';

// content/*.json and content/*/*.json, as paths from the repository's root.
const contentFiles = () => readdirSync(join(ROOT, 'content'), { withFileTypes: true }).flatMap((e) => (
  e.isDirectory()
    ? readdirSync(join(ROOT, 'content', e.name)).filter((f) => f.endsWith('.json')).map((f) => `content/${e.name}/${f}`)
    : e.name.endsWith('.json') ? [`content/${e.name}`] : []));

const ajv = new Ajv({ allErrors: true, strict: false });
const schemaFiles = readdirSync(SCHEMAS).filter((f) => f.endsWith('.schema.json')).sort();
const validators = {};
const schemaOf = {};
const errorsText = (validate) => ajv.errorsText(validate.errors, { separator: '\n  ' });

test('every schema is draft-07 with a relative $id, and compiles', () => {
  assert.deepEqual(schemaFiles, [...new Set(Object.values(SCHEMA_OF))].map((n) => `${n}.schema.json`).sort());
  for (const f of schemaFiles) {
    const schema = JSON.parse(readFileSync(join(SCHEMAS, f), 'utf8'));
    assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#', f);
    assert.equal(schema.$id, f, `${f}: "$id" is the file's own name (nothing to fetch)`);
    const name = f.replace(/\.schema\.json$/, '');
    schemaOf[name] = schema;
    validators[name] = ajv.compile(schema);
  }
});

test('every content file is valid against its schema', () => {
  for (const [file, name] of Object.entries(SCHEMA_OF)) {
    const validate = validators[name];
    assert.ok(validate(readJson(file)), `${file} against ${name}.schema.json:\n  ${errorsText(validate)}`);
  }
});

// Mistakes an instructor makes, each on one real file edited in memory: [file, the
// mistake, the edit], the edit returning where the schema must point (the start of an
// error's path), so that a schema refusing for some other reason does not pass.
const at = (list, key, value) => list.findIndex((x) => x[key] === value);
const MISTAKES = [
  ['content/quick-checks.json', 'the correct choice lost its "correct"', (d) => {
    delete d.checks[0].choices[at(d.checks[0].choices, 'correct', true)].correct;
    return '/checks/0/choices';
  }],
  ['content/quick-checks.json', 'a choice with a misspelt key ("explaination")', (d) => {
    const ch = d.checks[0].choices[0];
    ch.explaination = ch.explanation;
    delete ch.explanation;
    return '/checks/0/choices/0';
  }],
  ['content/quick-checks.json', 'a check of kind "multiple"', (d) => { d.checks[0].kind = 'multiple'; return '/checks/0/kind'; }],
  ['content/quick-checks.json', 'a short check without a rubric', (d) => {
    const k = at(d.checks, 'kind', 'short');
    delete d.checks[k].rubric;
    return `/checks/${k}`;
  }],
  ['content/quick-checks.json', 'a choice check with one choice', (d) => { d.checks[0].choices.length = 1; return '/checks/0/choices'; }],
  ['content/pages.json', 'a page of kind "gadget"', (d) => { d.pages[0].kind = 'gadget'; return '/pages/0/kind'; }],
  ['content/pages.json', 'a page of 0 minutes', (d) => { d.pages[0].minutes = 0; return '/pages/0/minutes'; }],
  ['content/pages.json', 'a page of 300 minutes', (d) => { d.pages[0].minutes = 300; return '/pages/0/minutes'; }],
  ['content/pages.json', 'a page name with a capital', (d) => { d.pages[0].name = 'Index'; return '/pages/0/name'; }],
  ['content/pages.json', 'a firstScreen on a page that is not a widget', (d) => {
    const k = at(d.pages, 'kind', 'lesson');
    d.pages[k].firstScreen = ['start', 'curves'];
    return `/pages/${k}/kind`;
  }],
  ['content/pages.json', 'no page named "index"', (d) => { d.pages = d.pages.filter((p) => p.name !== 'index'); return '/pages'; }],
  ['content/assignment.json', 'an exercises variant of 100', (d) => { d.exercises.variant = 100; return '/exercises/variant'; }],
  ['content/assignment.json', 'choiceAnswer "latest"', (d) => { d.grading.choiceAnswer = 'latest'; return '/grading/choiceAnswer'; }],
  ['content/assignment.json', 'a masteryScore of 70 (a percentage)', (d) => { d.lms.masteryScore = 70; return '/lms/masteryScore'; }],
  ['content/assignment.json', 'a weight for an exercise that does not exist', (d) => { d.exercises.weights.softmax = 1; return '/exercises/weights'; }],
  ['content/assignment.json', 'maxAttempts of -1', (d) => { d.grading.maxAttempts = -1; return '/grading/maxAttempts'; }],
  ['content/widgets/race.json', 'a setting of kind "integer"', (d) => { d.settings[0].kind = 'integer'; return '/settings/0/kind'; }],
  ['content/widgets/race.json', 'an int setting with a default of 2.5', (d) => {
    const k = at(d.settings, 'kind', 'int');
    d.settings[k].default = 2.5;
    return `/settings/${k}/default`;
  }],
  ['content/widgets/race.json', 'a setting without "help"', (d) => { delete d.settings[0].help; return '/settings/0'; }],
  ['content/widgets/race.json', 'a setting with a misspelt "maximum"', (d) => { d.settings[0].maximum = 300; return '/settings/0'; }],
  ['content/widgets/race.json', 'a choice setting without choices', (d) => {
    const k = at(d.settings, 'kind', 'choice');
    delete d.settings[k].choices;
    return `/settings/${k}`;
  }],
  ['content/widgets/race.json', 'a setting both "more" and "primary"', (d) => {
    Object.assign(d.settings[0], { more: true, primary: true });
    return '/settings/0';
  }],
  ['content/widgets/race.json', 'a fixed size written as text', (d) => { d.fixed.n_train = '2400'; return '/fixed/n_train'; }],
  ['content/glossary.json', 'a term without "definition"', (d) => { delete d.terms[0].definition; return '/terms/0'; }],
  ['content/glossary.json', 'a term id with a capital first letter', (d) => { d.terms[0].id = 'Gru'; return '/terms/0/id'; }],
  ['content/course.json', 'the outcomes as one text', (d) => { d.outcomes = d.outcomes.join(' '); return '/outcomes'; }],
  ['content/shared.json', 'a shared setting of kind "number"', (d) => { d.settings.seed.kind = 'number'; return '/settings/seed/kind'; }],
  ['content/translation/grammar.json', 'a rule side with a space in a word', (d) => { d.rules[0].src = ['the cat']; return '/rules/0/src/0'; }],
  ['content/translation/grammar.json', 'a rule of weight 0', (d) => { d.rules[0].weight = 0; return '/rules/0/weight'; }],
  ['content/translation/grammar.json', 'a lexicon category in lower case', (d) => { d.lexicon.noun = d.lexicon.N; return '/lexicon'; }],
  ['content/comments/grammar.json', 'a mention without "{group}"', (d) => {
    d.mentions.push(['the', 'people']);
    return `/mentions/${d.mentions.length - 1}`;
  }],
  ['content/comments/grammar.json', 'a group name of two words', (d) => { d.groups.push('new people'); return `/groups/${d.groups.length - 1}`; }],
];

test('the schemas refuse realistic mistakes', () => {
  for (const [file, what, edit] of MISTAKES) {
    const data = structuredClone(readJson(file));
    const where = edit(data);
    const validate = validators[SCHEMA_OF[file]];
    assert.equal(validate(data), false, `${file}: ${what} should be refused`);
    assert.ok(validate.errors.some((e) => e.instancePath.startsWith(where)), `${file}: ${what} should be refused at ${where}, not:\n  ${errorsText(validate)}`);
  }
});

test("the schemas' lists are the build's", () => {
  const pages = schemaOf.pages.definitions.page.properties;
  assert.deepEqual(pages.kind.enum, PAGE_KINDS);
  const check = schemaOf['quick-checks'].definitions.check.properties;
  assert.deepEqual(check.ownResult.enum, Object.keys(OWN_RESULT_PAGES));
  // The assignment's exercises: the exercises widget's kinds and variant range.
  const exercises = readJson('content/widgets/exercises.json').settings;
  const e = schemaOf.assignment.properties.exercises.properties;
  const variant = exercises[at(exercises, 'key', 'variant')];
  assert.deepEqual([e.variant.minimum, e.variant.maximum], [variant.min, variant.max]);
  assert.deepEqual(e.weights.propertyNames.enum, [...exercises[at(exercises, 'key', 'kind')].choices, 'code']);
});

// A fileMatch pattern as VS Code reads it: "*" within one folder, matched at the path's end.
const matches = (pattern, path) => new RegExp(`(^|/)${pattern.split('*').map((s) => s.replace(/[.?+^$()[\]{}|\\]/g, '\\$&')).join('[^/]*')}$`).test(path);

test("every content file has its schema in the starter's .vscode/settings.json", () => {
  const mappings = readJson('tools/package/starter/.vscode/settings.json')['json.schemas'];
  for (const m of mappings) {
    assert.match(m.url, /^\.\/node_modules\/attention-lab\/schemas\/[\w-]+\.schema\.json$/, m.url);
    assert.ok(existsSync(join(SCHEMAS, basename(m.url))), `${m.url}: no such file in tools/package/schemas/`);
  }
  const files = contentFiles();
  assert.deepEqual(files.sort(), Object.keys(SCHEMA_OF).sort(), 'every content file has a schema in this test');
  for (const file of files) {
    const found = mappings.filter((m) => m.fileMatch.some((p) => matches(p, file)));
    assert.equal(found.length, 1, `${file}: ${found.length} mappings`);
    assert.equal(basename(found[0].url), `${SCHEMA_OF[file]}.schema.json`, file);
  }
});
