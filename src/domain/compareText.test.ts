import {
  defaultCollatorLocale,
  defaultLocaleCompare,
  defaultLocaleLowerCase,
  installDefaultLocale,
  withDefaultLocaleDuringTests,
} from '../test/defaultLocale';
import { compareIds, compareText, sameText, textKey, uniqueTexts } from './compareText';

const sortedWith = (compare: (a: string, b: string) => number, texts: readonly string[]) => [...texts].sort(compare);
const sorted = (texts: readonly string[]) => sortedWith(compareText, texts);

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

  // Printable ASCII skips the collator (it costs 30 ms to build at 4x CPU): the same order, to the sign.
  const collator = new Intl.Collator('en-US', { sensitivity: 'base' });
  const printableAscii = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index));

  it('orders every pair of printable ASCII characters as the collator does', () => {
    const mismatches = printableAscii.flatMap((a) =>
      printableAscii.filter((b) => compareText(a, b) !== Math.sign(collator.compare(a, b))).map((b) => a + b),
    );
    expect(mismatches).toEqual([]);
  });

  it('builds no collator for printable ASCII, and one for anything else', () => {
    jest.isolateModules(() => {
      const built = jest.spyOn(Intl, 'Collator');
      try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy of the module, its collator unbuilt
        const fresh = require('./compareText') as typeof import('./compareText');
        expect([...sortedWith(fresh.compareText, ['Node.js', 'C++', "O'Brien", 'ada'])]).toEqual([
          'ada',
          'C++',
          'Node.js',
          "O'Brien",
        ]);
        expect(built).not.toHaveBeenCalled();
        expect(fresh.compareText('Ölçer', 'Ola')).toBe(1);
        expect(fresh.compareText('Émile', 'emile')).toBe(0);
        expect(built).toHaveBeenCalledTimes(1);
      } finally {
        built.mockRestore();
      }
    });
  });

  it('orders printable ASCII texts as the collator does', () => {
    // A small alphabet makes shared prefixes, repeats and equal texts common; a seeded generator, the same every run.
    const alphabet = " _-.,'+#09aAbBzZ";
    let seed = 2_463_534_242;
    const random = (n: number) => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % n;
    };
    const text = () => Array.from({ length: random(7) }, () => alphabet[random(alphabet.length)]).join('');
    const mismatches: string[][] = [];
    for (let round = 0; round < 20_000; round += 1) {
      const [a, b] = [text(), text()];
      if (compareText(a, b) !== Math.sign(collator.compare(a, b))) mismatches.push([a, b]);
    }
    expect(mismatches).toEqual([]);
    const names = [
      'Ada Lovelace',
      'ada',
      'Ada-Marie',
      "O'Brien",
      'Node.js',
      'node',
      'C++',
      'C#',
      'c',
      'Go 2',
      'Go',
      '',
    ];
    expect(sorted(names)).toEqual([...names].sort(collator.compare));
  });

  it('falls back to the collator when either text is beyond ASCII', () => {
    expect(compareText('Ölçer', 'Ola')).toBe(Math.sign(collator.compare('Ölçer', 'Ola')));
    expect(compareText('ada', 'Ådne')).toBe(-1);
    expect(compareText('Émile', 'emile')).toBe(0);
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
