import { render } from '@testing-library/react';
import fc from 'fast-check';

import MarkdownRenderer from './MarkdownRenderer';
import { isPlainText, PlainParagraphs } from './plainText';

const markupOf = (element: React.ReactElement) => {
  const { container, unmount } = render(element);
  const html = container.innerHTML;
  unmount();
  return html;
};

// Mostly what sentences are made of, plus the characters that sometimes start Markdown and
// sometimes do not (a digit, '.', ')', '-', '#', '=', ':', spaces in odd places, non-ASCII).
const CHARACTERS = [
  ...'abcxyz ABC 019 .,;:?!()-#=+\'"/%$^{}\n\n\n',
  ' ',
  '\u00a0',
  'é',
  'ب',
  '日',
  '😀',
  'w',
  'ww',
  'www.',
  '//',
  '1. ',
  '- ',
  '# ',
];
const texts = fc.array(fc.constantFrom(...CHARACTERS), { maxLength: 40 }).map((parts) => parts.join(''));

test('a text judged plain renders exactly as the Markdown renderer renders it', () => {
  let plainSeen = 0;
  fc.assert(
    fc.property(texts, (source) => {
      if (!isPlainText(source)) return;
      plainSeen += 1;
      expect(markupOf(<PlainParagraphs source={source} />)).toBe(markupOf(<MarkdownRenderer source={source} />));
    }),
    { numRuns: 400 },
  );
  // The generator must exercise the plain path, or the property proves nothing.
  expect(plainSeen).toBeGreaterThan(60);
  // Two renders per run in jsdom: on a busy two-core machine this takes a while.
}, 120_000);

test.each([
  'Hello tribe, anyone tried Bun 1.1? It is fast.\nSecond line.\n\nNew paragraph: yes!',
  'C# and F# mid-line, 3.5 GHz, well-known (parenthesised) text.',
])('plain: %j', (source) => {
  expect(isPlainText(source)).toBe(true);
  expect(markupOf(<PlainParagraphs source={source} />)).toBe(markupOf(<MarkdownRenderer source={source} />));
});

test.each([
  '*emphasis*',
  'snake_case',
  '`code`',
  '# heading',
  '> quote',
  '- item',
  '1. item',
  '2) item',
  'text\n===',
  'a | b',
  'see https://example.com',
  'see www.example.com',
  'mail ada@example.com',
  '<b>html</b>',
  '&amp;',
  'back\\slash',
  '    indented code',
  'trailing  \nbreak',
  '\ttab',
  '~~strike~~',
  '[link](x)',
])('not plain: %j', (source) => {
  expect(isPlainText(source)).toBe(false);
});
