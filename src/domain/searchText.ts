// Search as people type: lower case, and letters with accents match the plain letter, so "garcia"
// finds "García" and "lucia" finds "Lucía" (and the accented query still finds both).
import { textKey } from './compareText';

// The accents of Latin, Greek and Cyrillic letters once decomposed (U+0300-U+036F). Marks of other
// scripts are part of their letters (Devanagari vowel signs, kana voicing) and stay.
const DIACRITICS = /[\u0300-\u036f]/g;
// Anything outside printable ASCII (space to tilde) may carry accents.
const NON_ASCII = /[^ -~]/;

/** The text as search compares it: textKey (case folded the same in every locale), without accents. */
export function searchKey(text: string): string {
  const key = textKey(text);
  // Most names and skills are plain ASCII: they skip the Unicode work (explore ranks thousands).
  return NON_ASCII.test(key) ? key.normalize('NFD').replace(DIACRITICS, '').normalize('NFC') : key;
}
