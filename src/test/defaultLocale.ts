// A runtime whose default locale is another one, as in a browser set to that language: the
// locale-sensitive string methods and Intl.Collator, called without a locale, use it. Node fixes
// its default locale when it starts (from LANG), and V8 lowers ASCII text without consulting it,
// so a test cannot switch it through the environment; it swaps these entry points instead.
/* eslint-disable @typescript-eslint/unbound-method -- the originals are kept to be called with .call(text) */
const original = {
  toLocaleLowerCase: String.prototype.toLocaleLowerCase,
  toLocaleUpperCase: String.prototype.toLocaleUpperCase,
  localeCompare: String.prototype.localeCompare,
  Collator: Intl.Collator,
};

type Locales = Intl.LocalesArgument;

/** Makes `locale` the default locale until the returned function is called. */
export function installDefaultLocale(locale: string): () => void {
  const orDefault = (locales: Locales): Locales =>
    locales === undefined || (Array.isArray(locales) && locales.length === 0) ? locale : locales;
  String.prototype.toLocaleLowerCase = function toLocaleLowerCase(this: string, locales?: Locales) {
    return original.toLocaleLowerCase.call(this, orDefault(locales));
  };
  String.prototype.toLocaleUpperCase = function toLocaleUpperCase(this: string, locales?: Locales) {
    return original.toLocaleUpperCase.call(this, orDefault(locales));
  };
  String.prototype.localeCompare = function localeCompare(
    this: string,
    that: string,
    locales?: Locales,
    options?: Intl.CollatorOptions,
  ) {
    return original.localeCompare.call(this, that, orDefault(locales), options);
  };
  // Called with or without `new`, like the real constructor; instances are real collators.
  const Collator = Object.assign(
    function Collator(locales?: Locales, options?: Intl.CollatorOptions) {
      return new original.Collator(orDefault(locales), options);
    },
    { supportedLocalesOf: original.Collator.supportedLocalesOf },
  );
  Object.defineProperty(Collator, 'prototype', { value: original.Collator.prototype });
  Intl.Collator = Collator as unknown as typeof Intl.Collator;
  return () => {
    String.prototype.toLocaleLowerCase = original.toLocaleLowerCase;
    String.prototype.toLocaleUpperCase = original.toLocaleUpperCase;
    String.prototype.localeCompare = original.localeCompare;
    Intl.Collator = original.Collator;
  };
}
/* eslint-enable @typescript-eslint/unbound-method */

// What code that names no locale gets: the controls that show a test's default locale is in force.
/* eslint-disable no-restricted-syntax -- these three are the default-locale calls the lint forbids elsewhere */
export const defaultLocaleLowerCase = (text: string): string => text.toLocaleLowerCase();
export const defaultLocaleCompare = (a: string, b: string): number => a.localeCompare(b);
export const defaultCollatorLocale = (): string => new Intl.Collator().resolvedOptions().locale;
/* eslint-enable no-restricted-syntax */

/** `locale` is the default locale during the tests of the enclosing describe block (or file). */
export function withDefaultLocaleDuringTests(locale: string): void {
  let restore: (() => void) | null = null;
  beforeAll(() => {
    restore = installDefaultLocale(locale);
  });
  afterAll(() => restore?.());
}
