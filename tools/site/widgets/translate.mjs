// The translation page's content: its grammar (content/translation/grammar.json),
// checked with the engine's rules (translate-grammar.mjs) and handed to the page,
// which hands it to the engine.
import { checkGrammar } from './translate-grammar.mjs';

export function check({ readJson }) {
  const grammar = readJson('translation/grammar.json');
  checkGrammar(grammar);
  return { grammar: grammar.data };
}
