// A typed name must show: work/student-name.js nameProblem, the rule every name field uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nameProblem } from '../../web/js/work/student-name.js';

test('names with a visible character are accepted, in any script', () => {
  for (const name of ['Ada Lovelace', 'ada', 'Ада Лавлейс', '李雷', 'أدا', 's12345', 'O\'Brien-Smith', '  Ada  ', 'Ada\u200B', '', '   ']) {
    assert.equal(nameProblem(name), '', JSON.stringify(name));
  }
});

test('names of spaces, zero-width, format or filler characters alone are refused', () => {
  for (const name of ['\u200B', '\u200B\u200C\u200D', ' \u2060 ', '\uFEFF', '\u00AD', '\u3164', '\u115F\u1160', '\u202E\u202C', '\u2800'.replace('\u2800', '\u200E')]) {
    assert.match(nameProblem(name), /no visible character/, JSON.stringify(name));
  }
});
