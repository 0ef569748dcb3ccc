// Search as people type: lower case, and letters with accents match the plain letter, so "garcia"
// finds "García" and "lucia" finds "Lucía" (and the accented query still finds both).

const COMBINING_MARKS = /\p{M}/gu;
// Anything outside printable ASCII (space to tilde) may carry marks.
const NON_ASCII = /[^ -~]/;

/** The text as search compares it: trimmed, lower case, without accents and other marks. */
export function searchKey(text: string): string {
  const lower = text.trim().toLocaleLowerCase();
  // Most names and skills are plain ASCII: they skip the Unicode work (explore ranks thousands).
  return NON_ASCII.test(lower) ? lower.normalize('NFD').replace(COMBINING_MARKS, '') : lower;
}

/** Whether `text` contains `query`, both compared as searchKey compares them (an empty query matches). */
export function includesSearch(text: string, query: string): boolean {
  return searchKey(text).includes(searchKey(query));
}
