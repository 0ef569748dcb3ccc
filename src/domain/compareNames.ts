// People's names in the order a reader expects: in the reader's locale, case and accents aside
// (sensitivity 'base'). One collator serves every comparison (localeCompare with options builds a
// new one per call, which made sorting 5,000 friends a long task of its own), and it is built on
// first use, not when the module loads: building the first collator loads the locale's collation
// rules, about 30 ms at 4x CPU, which made the signed-in code's start-up task a long one.
let collator: Intl.Collator | null = null;

export function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator(undefined, { sensitivity: 'base' });
  return collator.compare(a, b);
}
