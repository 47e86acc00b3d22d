// The quick checks (content/quick-checks.json) as question banks an LMS's own quiz engine
// imports, made at build time into dist/downloads/ and linked from the instructor page:
//   Moodle XML  (docs.moodle.org/en/Moodle_XML_format): multichoice, one right answer,
//               options shuffled, each option's feedback; a short answer as an essay
//               whose grader information holds the model answer and the rubric, as HTML
//               (a paragraph each and a numbered list: graderNotesHtml)
//   GIFT        (docs.moodle.org/en/GIFT_format): the same, as text, in [html] format;
//               GIFT has no grader information, so the essay's model answer and rubric
//               are its general feedback (see gift())
//   QTI 2.1     (IMS Question and Test Interoperability 2.1): an IMS content package
//               (imsmanifest.xml and one assessmentItem per check), zipped: a
//               choiceInteraction scored by the standard match_correct template, the
//               chosen option's feedback as modalFeedback; a short answer as an
//               extendedTextInteraction with the model answer and rubric for the scorer
// Every check is named by its label (work/check-label.js: "Q4"), as on every page.
// Maths written $…$ in the content becomes \(…\), which Moodle's MathJax filter and most
// LMS renderers typeset. Everything else is text, escaped for each format.
import { zipSync } from 'fflate';
import { checkLabel } from '../../web/js/work/check-label.js';
import { t } from '../../web/js/ui/i18n.js';

// "$d_k$" -> "\(d_k\)".
export const texDelimiters = (s) => String(s).replace(/\$([^$]+)\$/g, '\\($1\\)');

const xmlText = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// A text as HTML inside XML: escaped once for HTML, and the result wrapped in CDATA
// (no "]]>" can occur in escaped HTML).
const htmlCdata = (s) => `<![CDATA[${xmlText(texDelimiters(s))}]]>`;
const title = (c) => `${checkLabel(c)}${c.topic ? `: ${c.topic}` : ''}`;
const html = (s) => xmlText(texDelimiters(s));

// The model answer and the rubric for whoever grades the essay, as HTML (each text
// escaped): two paragraphs and a numbered list, which Moodle's editor and its review
// page show as such (a text with plain newlines shows as one run-on paragraph there).
export const graderNotesHtml = (c) => ['<p><strong>', t('banks.modelAnswer'), '</strong> ', html(c.modelAnswer), '</p>',
  '<p><strong>', t('banks.rubric'), '</strong> ', t('banks.onePointEach'), '</p>',
  '<ol>', ...c.rubric.map((r) => `<li>${html(r)}</li>`), '</ol>'].join('');

export function moodleXml(checks, { category }) {
  // A question of the type given: what every type has, then the type's own elements.
  const question = (type, c, own) => `  <question type="${type}">
    <name><text>${xmlText(title(c))}</text></name>
    <questiontext format="html"><text>${htmlCdata(c.prompt)}</text></questiontext>
    <defaultgrade>1</defaultgrade>
${own}
  </question>`;
  const q = (c) => {
    if (c.kind === 'choice') {
      return question('multichoice', c, `    <single>true</single>
    <shuffleanswers>1</shuffleanswers>
    <answernumbering>abc</answernumbering>
${c.choices.map((ch) => `    <answer fraction="${ch.correct ? 100 : 0}" format="html">
      <text>${htmlCdata(ch.text)}</text>
      <feedback format="html"><text>${htmlCdata(ch.explanation)}</text></feedback>
    </answer>`).join('\n')}`);
    }
    return question('essay', c, `    <responseformat>editor</responseformat>
    <responsefieldlines>5</responsefieldlines>
    <graderinfo format="html"><text><![CDATA[${graderNotesHtml(c)}]]></text></graderinfo>`);
  };
  return `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category">
    <category><text>${xmlText(`$course$/${category}`)}</text></category>
  </question>
${checks.map(q).join('\n')}
</quiz>
`;
}

// GIFT: ~ = # { } : and the backslash are escaped with a backslash; [html] texts are HTML.
const giftEscape = (s) => s.replace(/[\\~=#{}:]/g, (ch) => `\\${ch}`);
const giftText = (s) => giftEscape(xmlText(texDelimiters(s))).replace(/\n/g, '<br>');

export function gift(checks, { category }) {
  const q = (c) => {
    const head = `::${giftText(title(c))}::[html]${giftText(c.prompt)}`;
    if (c.kind === 'choice') {
      return `${head} {\n${c.choices.map((ch) => `  ${ch.correct ? '=' : '~'}${giftText(ch.text)}#${giftText(ch.explanation)}`).join('\n')}\n}`;
    }
    // GIFT has no field for grader information ("//" lines are comments, dropped on import).
    // The essay's general feedback ("####" in its braces) is the one field Moodle imports
    // for it: the grader sees it while grading and the student on the review page after
    // submitting, as in the lab, which shows the model answer once the student has written.
    // It is the same HTML as Moodle XML's grader information, escaped for GIFT.
    return `${head} {####${giftEscape(graderNotesHtml(c))}}`;
  };
  return `// ${category}: the quick checks of the attention lab, in GIFT (Moodle).\n$CATEGORY: $course$/${category}\n\n${checks.map(q).join('\n\n')}\n`;
}

const QTI_NS = 'xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.imsglobal.org/xsd/imsqti_v2p1 http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd"';

// A choice is scored by the standard template (QTI 2.1 response processing templates:
// SCORE 1 when the response matches the correct one, else 0), which importers that run no
// rules of their own require. The rules inside are that template's, word for word, and one
// more line: the chosen option as FEEDBACK, which shows its modalFeedback. QTI 2.1 allows
// both and prefers the rules inside where it runs them ("if both are given the internal
// rules are still preferred"), so an engine that runs rules shows the feedback and one that
// goes by the template scores the same. A short answer has no response processing: it is
// scored by hand, so no template applies.
export const MATCH_CORRECT = 'http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct';

export function qtiItem(c) {
  const head = `<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem ${QTI_NS} identifier="${xmlText(c.id)}" title="${xmlText(title(c))}" adaptive="false" timeDependent="false">`;
  if (c.kind === 'choice') {
    const right = c.choices.find((ch) => ch.correct);
    return `${head}
  <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier">
    <correctResponse><value>${xmlText(right.id)}</value></correctResponse>
  </responseDeclaration>
  <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"><defaultValue><value>0</value></defaultValue></outcomeDeclaration>
  <outcomeDeclaration identifier="FEEDBACK" cardinality="single" baseType="identifier"/>
  <itemBody>
    <choiceInteraction responseIdentifier="RESPONSE" shuffle="true" maxChoices="1">
      <prompt>${xmlText(texDelimiters(c.prompt))}</prompt>
${c.choices.map((ch) => `      <simpleChoice identifier="${xmlText(ch.id)}">${xmlText(texDelimiters(ch.text))}</simpleChoice>`).join('\n')}
    </choiceInteraction>
  </itemBody>
  <responseProcessing template="${MATCH_CORRECT}">
    <responseCondition>
      <responseIf>
        <match><variable identifier="RESPONSE"/><correct identifier="RESPONSE"/></match>
        <setOutcomeValue identifier="SCORE"><baseValue baseType="float">1</baseValue></setOutcomeValue>
      </responseIf>
      <responseElse>
        <setOutcomeValue identifier="SCORE"><baseValue baseType="float">0</baseValue></setOutcomeValue>
      </responseElse>
    </responseCondition>
    <setOutcomeValue identifier="FEEDBACK"><variable identifier="RESPONSE"/></setOutcomeValue>
  </responseProcessing>
${c.choices.map((ch) => `  <modalFeedback outcomeIdentifier="FEEDBACK" identifier="${xmlText(ch.id)}" showHide="show">${xmlText(texDelimiters(ch.explanation))}</modalFeedback>`).join('\n')}
</assessmentItem>
`;
  }
  return `${head}
  <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string"/>
  <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/>
  <itemBody>
    <rubricBlock view="scorer">
      <p>Model answer: ${xmlText(texDelimiters(c.modelAnswer))}</p>
      <ol>
${c.rubric.map((r) => `        <li>${xmlText(texDelimiters(r))}</li>`).join('\n')}
      </ol>
    </rubricBlock>
    <extendedTextInteraction responseIdentifier="RESPONSE" expectedLines="5">
      <prompt>${xmlText(texDelimiters(c.prompt))}</prompt>
    </extendedTextInteraction>
  </itemBody>
</assessmentItem>
`;
}

export function qtiManifest(checks) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="attention-lab-qti">
  <metadata><schema>IMS Content</schema><schemaversion>1.1</schemaversion></metadata>
  <organizations/>
  <resources>
${checks.map((c) => `    <resource identifier="item-${xmlText(c.id)}" type="imsqti_item_xmlv2p1" href="items/${xmlText(c.id)}.xml">
      <metadata><schema>IMS QTI Item</schema><schemaversion>2.1</schemaversion></metadata>
      <file href="items/${xmlText(c.id)}.xml"/>
    </resource>`).join('\n')}
  </resources>
</manifest>
`;
}

// The QTI 2.1 content package as a zip (Buffer).
// Every entry dated 1980-01-01 in local time (a zip stores local time), so two builds give the same bytes.
export function qtiPackage(checks) {
  const files = { 'imsmanifest.xml': Buffer.from(qtiManifest(checks)) };
  for (const c of checks) files[`items/${c.id}.xml`] = Buffer.from(qtiItem(c));
  return Buffer.from(zipSync(files, { mtime: new Date(1980, 0, 1) }));
}

// The three files, named as dist/downloads/ holds them.
export function questionBanks(checks, { title: name }) {
  const category = name.replace(/[/$]/g, ' ').trim();
  return [
    ['attention-lab-checks-moodle.xml', Buffer.from(moodleXml(checks, { category }))],
    ['attention-lab-checks-gift.txt', Buffer.from(gift(checks, { category }))],
    ['attention-lab-checks-qti21.zip', qtiPackage(checks)],
  ];
}
