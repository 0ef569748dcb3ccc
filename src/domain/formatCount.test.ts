import { formatCount } from './formatCount';

describe('formatCount', () => {
  it.each([0, 7, 999, 1000, 12345, 1000000, 9007199254740991, -1, -1234567])(
    'writes %p as en-US toLocaleString does',
    (count) => {
      expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
    },
  );

  it('groups thousands with commas', () => {
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-20000)).toBe('-20,000');
  });

  it('leaves what is not a whole number to toLocaleString', () => {
    expect(formatCount(1234.5)).toBe('1,234.5');
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('∞');
  });
});
