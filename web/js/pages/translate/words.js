// The toy French as the corpus writes it and as a student reads and types it. An
// elided word (le, la, ne, je before a vowel: content/translation/grammar.json's
// "spelling") is a word of its own ending in an apostrophe, "l'" "oiseau", so that it
// keeps its own alignment and embedding; shown, it is joined to the next word.
//
//   showSentence(["l'", "oiseau", "ne", "voit"]) -> "l'oiseau ne voit"
//   typedWords("L’oiseau n'aime pas") -> ["l'", "oiseau", "n'", "aime", "pas"]
import { cleanName } from '../../settings/parse.js';

export function showSentence(words) {
  return words.join(' ').replace(/' /g, "'");
}

// A typed sentence's words: lower case, the typographic apostrophe as the plain one,
// each elided word split from the word it is joined to.
export function typedWords(text) {
  return String(text).split(/\s+/).map(cleanName).filter(Boolean)
    .flatMap((w) => w.toLowerCase().replace(/\u2019/g, "'").split(/(?<=')(?=.)/u));
}
