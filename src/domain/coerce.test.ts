import {
  clip,
  compareNewestFirst,
  safeCount,
  safeHttpsUrl,
  safeIsoTime,
  safeList,
  safeName,
  safePhotoURL,
  safeStringList,
  safeTimeMs,
} from './coerce';

const MARCH_1 = Date.UTC(2026, 2, 1);

describe('times', () => {
  test.each([
    ['epoch ms', MARCH_1, MARCH_1],
    ['an ISO string', '2026-03-01T00:00:00.000Z', MARCH_1],
    ['a Timestamp in plain form', { seconds: MARCH_1 / 1000, nanoseconds: 250_000_000 }, MARCH_1 + 250],
    ['a Timestamp as the Admin SDK serializes it', { _seconds: MARCH_1 / 1000, _nanoseconds: 0 }, MARCH_1],
    ['a Timestamp with toMillis()', { toMillis: () => MARCH_1 }, MARCH_1],
    ['a Date', new Date(MARCH_1), MARCH_1],
  ])('%s gives epoch ms', (_kind, value, expected) => {
    expect(safeTimeMs(value)).toBe(expected);
  });

  test.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['beyond what a Date holds', 1e20],
    ['a date that does not exist', '2026-13-45'],
    ['a huge string', '2026'.repeat(1000)],
    [
      'a toMillis that throws',
      {
        toMillis: () => {
          throw new Error('no');
        },
      },
    ],
    ['a toMillis giving nonsense', { toMillis: () => 1e300 }],
    ['seconds that are not a number', { seconds: '1', nanoseconds: 0 }],
    ['a list', [MARCH_1]],
    ['nothing', undefined],
  ])('%s gives null', (_kind, value) => {
    expect(safeTimeMs(value)).toBeNull();
  });

  test("ISO strings in the app's format are kept as stored; other times are converted; none is ''", () => {
    expect(safeIsoTime('2026-03-01T00:00:00.000Z')).toBe('2026-03-01T00:00:00.000Z');
    expect(safeIsoTime('2026-03-01')).toBe('2026-03-01T00:00:00.000Z');
    expect(safeIsoTime({ seconds: MARCH_1 / 1000, nanoseconds: 0 })).toBe('2026-03-01T00:00:00.000Z');
    expect(safeIsoTime(1e20)).toBe('');
    expect(safeIsoTime({ a: 1 })).toBe('');
  });

  test('newest first, whatever the type of createdAt; no time sorts last', () => {
    const items = [
      { id: 'none' },
      { id: 'iso', createdAt: '2026-02-01T00:00:00.000Z' },
      { id: 'garbage', createdAt: { nope: true } },
      { id: 'ms', createdAt: Date.UTC(2026, 3, 1) },
      { id: 'timestamp', createdAt: { seconds: MARCH_1 / 1000, nanoseconds: 0 } },
    ];
    expect([...items].sort(compareNewestFirst).map((item) => item.id)).toEqual([
      'ms',
      'timestamp',
      'iso',
      'none',
      'garbage',
    ]);
  });
});

describe('text, counts and URLs', () => {
  test('text is cut to its limit without splitting a surrogate pair', () => {
    expect(clip('abc', 2)).toBe('ab');
    expect(clip('a😀', 2)).toBe('a');
    expect(safeName('   ', 50, 'Anonymous')).toBe('Anonymous');
    expect(safeName(42, 50, 'Anonymous')).toBe('Anonymous');
  });

  test.each([
    [3, 3],
    [3.9, 3],
    [-1, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [1e300, Number.MAX_SAFE_INTEGER],
    ['7', 0],
  ])('count %p is %p', (value, expected) => {
    expect(safeCount(value)).toBe(expected);
  });

  test('only https links and raster data: images reach an href or a src', () => {
    expect(safeHttpsUrl('https://github.com/a/b')).toBe('https://github.com/a/b');
    expect(safeHttpsUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpsUrl('http://example.com')).toBeNull();
    expect(safePhotoURL('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(safePhotoURL('data:image/svg+xml;base64,PHN2Zz4=')).toBeNull();
    expect(safePhotoURL('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(safePhotoURL('')).toBe('');
    expect(safePhotoURL({ url: 'https://x.dev/a.png' })).toBeNull();
  });
});

describe('lists', () => {
  test('a map or a string where a list was written is an empty list; bad elements are dropped', () => {
    expect(safeStringList({ 0: 'React' }, 20, 30)).toEqual([]);
    expect(safeStringList('React', 20, 30)).toEqual([]);
    expect(safeStringList(['React', 3, null, ' ', 'Go'], 20, 30)).toEqual(['React', 'Go']);
    expect(safeStringList(['a', 'b', 'c'], 2, 30)).toEqual(['a', 'b']);
    expect(safeList([1, 'x', 2], (item) => (typeof item === 'number' ? item * 2 : null))).toEqual([2, 4]);
  });
});
