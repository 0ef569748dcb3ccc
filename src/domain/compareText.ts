// Skills, topics, tags and names compared the same way in every browser. The browser's locale
// must not decide: in Turkish, "I".toLocaleLowerCase() is a dotless "ı", so "JAVASCRIPT" would
// miss "javascript", and a Turkish collator sorts "ı" and "i" apart. So keys fold case with the
// locale-free Unicode mappings, and sorting uses a collator with an explicit locale.
// This file imports nothing, so the match score's benchmark can load it beside matchScore.ts.

// Printable ASCII (space to tilde): most skills and names, which skip the Unicode work.
const PRINTABLE_ASCII = /^[ -~]*$/;
const WHITESPACE_RUNS = /\s+/g;
// The lower case of "İ" (Turkish capital dotted I) is "i" followed by a combining dot above.
const DOTTED_I = /i\u0307/g;

/**
 * The key under which two spellings are one skill, topic or tag: spaces trimmed and collapsed,
 * compatibility forms unified (NFKC: "Ｒｅａｃｔ", "ﬁ"), and case folded the same way everywhere:
 * "ß" and "SS" are one, and so are "I", "ı", "İ" and "i" (a Turkish keyboard types all four).
 * Accents stay: "über" and "uber" are two words (searchKey is the one that ignores accents).
 */
export function textKey(text: string): string {
  if (PRINTABLE_ASCII.test(text)) {
    // The only whitespace printable ASCII has is the space itself.
    const trimmed = text.trim();
    return (trimmed.includes('  ') ? trimmed.replace(WHITESPACE_RUNS, ' ') : trimmed).toLowerCase();
  }
  // Lower, upper, lower: the upper case spells out "ß" as "SS" and turns "ı" into "I", which the
  // last step lowers with everything else ("ẞ" needs the first step to become "ß").
  const folded = text.normalize('NFKC').toLowerCase().toUpperCase().toLowerCase().replace(DOTTED_I, 'i');
  return folded.normalize('NFC').trim().replace(WHITESPACE_RUNS, ' ');
}

export const sameText = (a: string, b: string): boolean => textKey(a) === textKey(b);

/** The texts without blanks and without repeats under textKey; the first spelling of each stays. */
export function uniqueTexts(texts: Iterable<string>): string[] {
  const seen = new Set<string>();
  const unique: string[] = [];
  for (const text of texts) {
    const key = textKey(text);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    unique.push(text);
  }
  return unique;
}

// One collator serves every comparison (localeCompare with options builds a new one per call,
// which made sorting 5,000 friends a long task of its own), built on first use, not when the
// module loads: loading the collation rules takes about 30 ms at 4x CPU, which made the
// signed-in code's start-up task a long one.
let collator: Intl.Collator | null = null;

// Printable ASCII as that collator orders it, case aside: under its rules (CLDR's root order,
// punctuation not ignored) each of these characters has one weight of its own, the same in
// Node's and Chromium's ICU, so two such texts compare as the sequences of their ranks here.
// Most names and skills are such texts, and a signed-in page's first lists ("Ada Lovelace",
// "Node.js", "C++") are sorted without building the collator at all.
const ASCII_ORDER = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz';
const ASCII_RANK = new Uint8Array(128);
for (const [index, char] of [...ASCII_ORDER].entries()) {
  ASCII_RANK[char.charCodeAt(0)] = index + 1;
  ASCII_RANK[char.toUpperCase().charCodeAt(0)] = index + 1;
}

/** Only for texts PRINTABLE_ASCII accepts: every character has a rank. */
function compareAscii(a: string, b: string): number {
  const rank = (text: string, index: number) => ASCII_RANK[text.charCodeAt(index)] ?? 0;
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const difference = rank(a, index) - rank(b, index);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/**
 * Alphabetical order for names, skills and topics, the same in every locale: case and accents
 * aside (sensitivity 'base'), so equal texts compare 0 and the caller breaks the tie.
 */
export function compareText(a: string, b: string): number {
  if (PRINTABLE_ASCII.test(a) && PRINTABLE_ASCII.test(b)) return compareAscii(a, b);
  collator ??= new Intl.Collator('en-US', { sensitivity: 'base' });
  return collator.compare(a, b);
}

/** Ids in code-unit order, as the store orders document ids: exact, and no locale at all. */
export const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
