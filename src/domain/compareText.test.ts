import {
  defaultCollatorLocale,
  defaultLocaleCompare,
  defaultLocaleLowerCase,
  installDefaultLocale,
  withDefaultLocaleDuringTests,
} from '../test/defaultLocale';
import { compareIds, compareText, sameText, textKey, uniqueTexts } from './compareText';

const sorted = (texts: readonly string[]) => [...texts].sort(compareText);

describe('textKey', () => {
  it('trims, collapses spaces and lowers case', () => {
    expect(textKey('  React   Native ')).toBe('react native');
    expect(textKey('Node.js')).toBe('node.js');
    expect(textKey('C#')).toBe('c#');
    expect(textKey('\tGo\n')).toBe('go');
    expect(textKey('   ')).toBe('');
  });

  it('makes dotted, dotless and plain i one letter (Turkish)', () => {
    expect(textKey('JAVASCRİPT')).toBe('javascript');
    expect(textKey('JAVASCRIPT')).toBe('javascript');
    expect(textKey('javascrıpt')).toBe('javascript');
    expect(textKey('İstanbul')).toBe('istanbul');
    expect(textKey('ISTANBUL')).toBe('istanbul');
    expect(textKey('Şimşek Çağrı')).toBe('şimşek çağri');
  });

  it('folds German sharp s and lowers umlauts, which stay letters of their own', () => {
    expect(textKey('Straße')).toBe('strasse');
    expect(textKey('STRASSE')).toBe('strasse');
    expect(textKey('GROẞ')).toBe('gross');
    expect(textKey('ÜBER')).toBe('über');
    expect(textKey('Müller')).toBe(textKey('MÜLLER'));
    expect(textKey('über')).not.toBe(textKey('uber'));
    expect(textKey('Bäcker')).not.toBe(textKey('Backer'));
  });

  it('unifies composed, decomposed and compatibility forms', () => {
    expect(textKey('Cafe\u0301')).toBe(textKey('Café'));
    expect(textKey('Ｒｅａｃｔ')).toBe('react');
    expect(textKey('ﬁrebase')).toBe('firebase');
    expect(textKey('Vue\u00a0 3')).toBe('vue 3');
  });

  it('folds Greek sigma whatever its form', () => {
    expect(textKey('ΟΔΟΣ')).toBe(textKey('οδοσ'));
    expect(textKey('Ελένη')).toBe('ελένη');
  });
});

describe('sameText and uniqueTexts', () => {
  it('compares under textKey', () => {
    expect(sameText('TYPESCRİPT', 'TypeScript')).toBe(true);
    expect(sameText('Straße', 'strasse')).toBe(true);
    expect(sameText('React', 'Preact')).toBe(false);
  });

  it('keeps the first spelling of each text and drops blanks', () => {
    expect(uniqueTexts(['JavaScript', 'JAVASCRİPT', ' ', 'Go', 'go', 'Straße', 'STRASSE'])).toEqual([
      'JavaScript',
      'Go',
      'Straße',
    ]);
  });
});

describe('compareText', () => {
  it('sorts case and accents aside, the same in every locale', () => {
    expect(sorted(['Deniz', 'Cem', 'Çağla'])).toEqual(['Çağla', 'Cem', 'Deniz']);
    expect(sorted(['Zoe', 'Ölçer', 'ada', 'Ömer'])).toEqual(['ada', 'Ölçer', 'Ömer', 'Zoe']);
    expect(sorted(['Zebra', 'Äpfel', 'Birne'])).toEqual(['Äpfel', 'Birne', 'Zebra']);
    expect(compareText('Müller', 'muller')).toBe(0);
  });
});

describe('compareIds', () => {
  it('orders ids by code unit, capitals first', () => {
    expect(['b', 'B', 'a', 'A', 'a1'].sort(compareIds)).toEqual(['A', 'B', 'a', 'a1', 'b']);
  });
});

describe('in a browser whose language is Turkish', () => {
  withDefaultLocaleDuringTests('tr-TR');

  it('(control) the runtime lowers and sorts the Turkish way', () => {
    expect(defaultLocaleLowerCase('I')).toBe('ı');
    expect(defaultCollatorLocale()).toBe('tr');
    expect(['Deniz', 'Cem', 'Çağla'].sort(defaultLocaleCompare)).toEqual(['Cem', 'Çağla', 'Deniz']);
  });

  it('keys and orders text as everywhere else', () => {
    expect(textKey('JAVASCRIPT')).toBe('javascript');
    expect(textKey('KOTLIN')).toBe(textKey('kotlin'));
    expect(sameText('TYPESCRİPT', 'typescript')).toBe(true);
    expect(sorted(['Deniz', 'Cem', 'Çağla'])).toEqual(['Çağla', 'Cem', 'Deniz']);
    expect(sorted(['ılık', 'Irmak', 'ilk'])).toEqual(sortedIn('en-US', ['ılık', 'Irmak', 'ilk']));
  });
});

describe('in a browser whose language is German', () => {
  withDefaultLocaleDuringTests('de-DE');

  it('keys and orders text as everywhere else', () => {
    expect(defaultCollatorLocale()).toBe('de');
    expect(sameText('Straße', 'STRASSE')).toBe(true);
    expect(sameText('über', 'uber')).toBe(false);
    expect(sorted(['Zebra', 'Öl', 'Äpfel', 'Ofen'])).toEqual(sortedIn('en-US', ['Zebra', 'Öl', 'Äpfel', 'Ofen']));
  });
});

describe('in a browser whose language is Swedish', () => {
  it('orders umlauts as everywhere else, not after z', () => {
    const restore = installDefaultLocale('sv-SE');
    try {
      expect(['Äpfel', 'Zebra'].sort(defaultLocaleCompare)).toEqual(['Zebra', 'Äpfel']);
      expect(sorted(['Äpfel', 'Zebra'])).toEqual(['Äpfel', 'Zebra']);
    } finally {
      restore();
    }
  });
});

function sortedIn(locale: string, texts: readonly string[]): string[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return [...texts].sort((a, b) => collator.compare(a, b));
}
