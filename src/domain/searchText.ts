// Search as people type: lower case, and letters with accents match the plain letter, so "garcia"
// finds "García" and "lucia" finds "Lucía" (and the accented query still finds both).

const COMBINING_MARKS = /\p{M}/gu;

/** The text as search compares it: trimmed, lower case, without accents and other marks. */
export function searchKey(text: string): string {
  return text.trim().toLocaleLowerCase().normalize('NFD').replace(COMBINING_MARKS, '');
}

/** Whether `text` contains `query`, both compared as searchKey compares them (an empty query matches). */
export function includesSearch(text: string, query: string): boolean {
  return searchKey(text).includes(searchKey(query));
}
