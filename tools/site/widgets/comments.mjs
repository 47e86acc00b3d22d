// The comments page's content: its grammar (content/comments/grammar.json), checked
// for what the engine needs (src/comments/comment_corpus.cpp refuses the same things at
// run time, but a build should fail first, naming the line) and handed to the page,
// which hands it to the engine.
import { ContentError, lineOf } from '../errors.mjs';

export function check({ readJson, file }) {
  const { path, text, data: grammar } = readJson('comments/grammar.json');
  const fail = (what, why) => { throw new ContentError(path, lineOf(text, what) || 1, why); };
  const words = (x) => (typeof x === 'string' ? x.split(' ').filter(Boolean) : x);
  if (!Array.isArray(grammar.groups) || grammar.groups.length < 2) fail('"groups"', '"groups" must list at least two invented group names');
  for (const g of grammar.groups) if (typeof g !== 'string' || !/^[a-z]+$/.test(g)) fail(`"${g}"`, `group name ${JSON.stringify(g)} must be one lower-case word`);
  if (!grammar.groups.includes(grammar.planted)) fail('"planted"', '"planted" must be one of the groups');
  for (const key of ['mentions', 'endings', 'openers']) if (!Array.isArray(grammar[key]) || !grammar[key].length) fail(`"${key}"`, `"${key}" must be a non-empty list`);
  for (const m of grammar.mentions) if (words(m).filter((w) => w === '{group}').length !== 1) fail('"mentions"', 'each mention must hold "{group}" once');
  for (const kind of ['hostile', 'friendly', 'neutral']) {
    const list = grammar.phrases && grammar.phrases[kind];
    if (!Array.isArray(list) || !list.length) fail('"phrases"', `"phrases" needs a non-empty list "${kind}"`);
  }
  // The longest comment the grammar can make must fit the page's fixed length.
  const longest = (list) => Math.max(...list.map((x) => words(x).length));
  const most = longest(grammar.openers) + longest(grammar.mentions) + longest(grammar.endings)
    + Math.max(...['hostile', 'friendly', 'neutral'].map((k) => longest(grammar.phrases[k])));
  const seqLen = file.data.fixed.seq_len;
  if (most > seqLen) fail('"phrases"', `the longest comment has ${most} words; content/widgets/comments.json's seq_len is ${seqLen}`);
  return { grammar };
}
