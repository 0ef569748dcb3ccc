import type { ElementContent, Root } from 'hast';

/**
 * A highlighted tree cut into lines: one list of nodes per line of the code, a token that spans
 * several lines (a block comment, a template string) cloned onto each. Each line then renders as
 * a component of its own, so React can render a long block in short slices.
 */
export function splitLines(tree: Root): ElementContent[][] {
  return splitChildren(tree.children.filter((node): node is ElementContent => node.type !== 'doctype'));
}

/** The nodes' content by line: the first list continues the current line, each later one starts a line. */
function splitChildren(nodes: readonly ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]];
  for (const node of nodes) {
    const [first = [], ...rest] = splitNode(node);
    lines[lines.length - 1]!.push(...first);
    lines.push(...rest);
  }
  return lines;
}

function splitNode(node: ElementContent): ElementContent[][] {
  if (node.type === 'text') return node.value.split('\n').map((part) => (part ? [{ type: 'text', value: part }] : []));
  if (node.type === 'element') {
    return splitChildren(node.children).map((children) => (children.length > 0 ? [{ ...node, children }] : []));
  }
  return [[]];
}
