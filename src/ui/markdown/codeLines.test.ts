import type { ElementContent, Root } from 'hast';

import { splitLines } from './codeLines';

const span = (className: string, ...children: ElementContent[]): ElementContent => ({
  type: 'element',
  tagName: 'span',
  properties: { className: [className] },
  children,
});
const text = (value: string): ElementContent => ({ type: 'text', value });

const textOf = (nodes: readonly ElementContent[]): string =>
  nodes
    .map((node) => (node.type === 'text' ? node.value : node.type === 'element' ? textOf(node.children) : ''))
    .join('');

test('a token spanning lines is cloned onto each, and the lines join back to the code', () => {
  const tree: Root = {
    type: 'root',
    children: [
      span('hljs-keyword', text('const')),
      text(' a = 1;\n'),
      span('hljs-comment', text('/* one\ntwo */')),
      text('\n\n'),
      span('hljs-string', text('`x\n'), span('hljs-subst', text('${y}')), text('`')),
    ],
  };
  const lines = splitLines(tree);
  expect(lines.map(textOf)).toEqual(['const a = 1;', '/* one', 'two */', '', '`x', '${y}`']);
  expect(lines[1]).toEqual([span('hljs-comment', text('/* one'))]);
  expect(lines[2]).toEqual([span('hljs-comment', text('two */'))]);
  expect(lines[3]).toEqual([]);
  expect(lines[5]).toEqual([span('hljs-string', span('hljs-subst', text('${y}')), text('`'))]);
});
