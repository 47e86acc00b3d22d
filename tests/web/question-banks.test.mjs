// The question banks (tools/site/question-banks.mjs) read back by parsers that are not
// ours (fast-xml-parser for Moodle XML and QTI 2.1, gift-pegjs for GIFT) and compared with
// content/quick-checks.json: every check, its prompt, every option with its feedback and
// which is right; a short answer as an essay with its model answer and rubric as formatted
// grader information (HTML paragraphs and a numbered list; in GIFT, the general feedback);
// a choice scored by QTI's standard match_correct template.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse as parseGift } from 'gift-pegjs';
import { gift, MATCH_CORRECT, moodleXml, qtiItem, qtiManifest, questionBanks, texDelimiters } from '../../tools/site/question-banks.mjs';
import { checkLabel } from '../../web/js/work/check-label.js';
import { unzipSync } from 'fflate';

const checks = JSON.parse(readFileSync('content/quick-checks.json', 'utf8')).checks;
const choiceChecks = checks.filter((c) => c.kind === 'choice');
const shortChecks = checks.filter((c) => c.kind !== 'choice');
// HTML text as a browser shows it (the exports escape &, <, > and ").
const unescape = (s) => String(s).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
const shown = (s) => texDelimiters(s);

// Grader information read back as HTML (with a parser that is not ours): two paragraphs,
// the model answer and the rubric's heading, then the rubric as a numbered list, each
// text as in the content; nothing else at the top level (no run-on text).
function assertGraderHtml(text, c, where) {
  const html = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', preserveOrder: true, trimValues: false }).parse(`<root>${text}</root>`)[0].root;
  assert.deepEqual(html.map((n) => Object.keys(n).find((k) => k !== ':@')), ['p', 'p', 'ol'], `${where}: paragraphs and a list`);
  const plain = (nodes) => nodes.map((n) => (n['#text'] !== undefined ? String(n['#text']) : plain(Object.values(n).find(Array.isArray) || []))).join('');
  assert.equal(unescape(plain(html[0].p)).replace(/\s+/g, ' ').trim(), `Model answer: ${shown(c.modelAnswer)}`, where);
  assert.match(plain(html[1].p), /^Rubric/);
  assert.deepEqual(html[2].ol.map((li) => unescape(plain(li.li))), c.rubric.map(shown), `${where}: the rubric, one item each`);
  assert.ok(!/\n/.test(text), `${where}: no newline for a renderer to drop`);
}

test('maths: $…$ becomes \\(…\\), and a check with maths keeps it', () => {
  assert.equal(texDelimiters('gives $[0, 2, 2]$ and $d_k$.'), 'gives \\([0, 2, 2]\\) and \\(d_k\\).');
  assert.ok(checks.some((c) => c.prompt.includes('$')), 'the content has maths to carry over');
});

test('Moodle XML: valid, and every check, option, feedback and right answer as in the content', () => {
  const xml = moodleXml(checks, { category: 'The attention lab' });
  assert.equal(XMLValidator.validate(xml), true);
  const quiz = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml).quiz;
  assert.equal(quiz.question[0].type, 'category');
  const questions = quiz.question.slice(1);
  assert.equal(questions.length, checks.length);
  for (const [k, c] of checks.entries()) {
    const q = questions[k];
    assert.equal(unescape(q.questiontext.text), shown(c.prompt));
    if (c.kind === 'choice') {
      assert.equal(q.type, 'multichoice');
      assert.equal(q.single, true);
      assert.deepEqual(q.answer.map((a) => [unescape(a.text), Number(a.fraction), unescape(a.feedback.text)]),
        c.choices.map((ch) => [shown(ch.text), ch.correct ? 100 : 0, shown(ch.explanation)]));
    } else {
      assert.equal(q.type, 'essay');
      assert.equal(q.graderinfo.format, 'html');
      assertGraderHtml(q.graderinfo.text, c, `Moodle XML ${c.id}`);
    }
  }
});

test('GIFT: every check, option, feedback and right answer as in the content', () => {
  const parsed = parseGift(gift(checks, { category: 'The attention lab' }));
  const questions = parsed.filter((q) => q.type !== 'Category');
  assert.equal(questions.length, checks.length);
  for (const [k, c] of checks.entries()) {
    const q = questions[k];
    assert.equal(q.title, `${checkLabel(c)}: ${c.topic}`);
    assert.equal(unescape(q.stem.text), shown(c.prompt));
    if (c.kind === 'choice') {
      assert.equal(q.type, 'MC');
      assert.deepEqual(q.choices.map((ch) => [unescape(ch.text.text), ch.isCorrect, unescape(ch.feedback.text)]),
        c.choices.map((ch) => [shown(ch.text), ch.correct, shown(ch.explanation)]));
    } else {
      assert.equal(q.type, 'Essay');
      assert.equal(q.globalFeedback.format, 'html');
      assertGraderHtml(q.globalFeedback.text, c, `GIFT ${c.id}`);
    }
  }
});

test('QTI 2.1: a content package whose manifest lists one valid item per check, scored and with feedback as in the content', () => {
  const [, , [, zipped]] = questionBanks(checks, { title: 'The attention lab' });
  const files = new Map(Object.entries(unzipSync(zipped)).map(([name, data]) => [name, Buffer.from(data).toString('utf8')]));
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['resource', 'simpleChoice', 'modalFeedback', 'li'].includes(name) });
  assert.equal(files.get('imsmanifest.xml'), qtiManifest(checks));
  const resources = parser.parse(files.get('imsmanifest.xml')).manifest.resources.resource;
  assert.deepEqual(resources.map((r) => [r.type, r.href]), checks.map((c) => ['imsqti_item_xmlv2p1', `items/${c.id}.xml`]));
  for (const c of checks) {
    const text = files.get(`items/${c.id}.xml`);
    assert.equal(text, qtiItem(c));
    assert.equal(XMLValidator.validate(text), true, c.id);
    const item = parser.parse(text).assessmentItem;
    assert.equal(item.identifier, c.id);
    if (c.kind === 'choice') {
      const interaction = item.itemBody.choiceInteraction;
      assert.equal(unescape(interaction.prompt), shown(c.prompt));
      assert.equal(interaction.maxChoices, '1');
      assert.deepEqual(interaction.simpleChoice.map((ch) => [ch.identifier, unescape(ch['#text'])]), c.choices.map((ch) => [ch.id, shown(ch.text)]));
      assert.equal(item.responseDeclaration.correctResponse.value, c.choices.find((ch) => ch.correct).id);
      assert.deepEqual(item.modalFeedback.map((f) => [f.identifier, unescape(f['#text'])]), c.choices.map((ch) => [ch.id, shown(ch.explanation)]));
      // Scored by the standard template; the rules inside are the template's (SCORE 1 on a
      // match, else 0) and set the feedback shown.
      assert.equal(item.responseProcessing.template, 'http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct');
      assert.equal(MATCH_CORRECT, item.responseProcessing.template);
      const cond = item.responseProcessing.responseCondition;
      assert.deepEqual(cond.responseIf.match, { variable: { identifier: 'RESPONSE' }, correct: { identifier: 'RESPONSE' } });
      assert.equal(cond.responseIf.setOutcomeValue.baseValue['#text'], 1);
      assert.equal(cond.responseElse.setOutcomeValue.baseValue['#text'], 0);
      assert.equal(item.outcomeDeclaration.find((o) => o.identifier === 'SCORE').baseType, 'float');
      assert.equal(item.responseProcessing.setOutcomeValue.identifier, 'FEEDBACK');
    } else {
      assert.equal(item.responseProcessing, undefined, 'scored by hand: no template applies');
      assert.equal(unescape(item.itemBody.extendedTextInteraction.prompt), shown(c.prompt));
      assert.deepEqual(item.itemBody.rubricBlock.ol.li.map(unescape), c.rubric.map(shown));
    }
  }
  assert.ok(choiceChecks.length > 0 && shortChecks.length > 0, 'both kinds are covered');
});
