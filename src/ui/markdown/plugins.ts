// The unified plugins that narrow Markdown to what posts and comments show.
import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from 'hast';
import type { Paragraph, Root as MdastRoot, RootContent as MdastContent } from 'mdast';
import { visit } from 'unist-util-visit';

const text = (value: string) => ({ type: 'text' as const, value });

/**
 * Footnotes show as written (`[^1]`, `[^1]: ...`): remark-gfm would turn them into links to ids
 * that every post on a page would share, and a "Footnotes" heading inside the post.
 */
export function remarkFootnotesAsText() {
  return (tree: MdastRoot) => {
    visit(tree, (node, index, parent) => {
      if (!parent || index === undefined) return undefined;
      if (node.type === 'footnoteReference') {
        parent.children.splice(index, 1, text(`[^${node.label ?? node.identifier}]`) as never);
        return index + 1;
      }
      if (node.type === 'footnoteDefinition') {
        const marker = text(`[^${node.label ?? node.identifier}]: `);
        const [first, ...rest] = node.children;
        const opening: Paragraph =
          first?.type === 'paragraph'
            ? { ...first, children: [marker, ...first.children] }
            : { type: 'paragraph', children: [marker] };
        const replacement: MdastContent[] =
          first?.type === 'paragraph' ? [opening, ...rest] : [opening, ...node.children];
        parent.children.splice(index, 1, ...(replacement as never[]));
        // Visit what came out of the definition: it may hold references of its own.
        return index;
      }
      return undefined;
    });
  };
}

/** Containers of blocks: an HTML block among their children becomes a paragraph of its own. */
const FLOW_PARENTS: ReadonlySet<string> = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/**
 * Raw HTML is shown as the text it is, never rendered or run: inline HTML becomes text in its
 * paragraph, and an HTML block a paragraph of its text (with its line breaks), so it reads as
 * the writer laid it out. (react-markdown, without rehype-raw, would also leave HTML as text, but
 * a block's text would run into its neighbours.)
 */
export function remarkHtmlAsText() {
  return (tree: MdastRoot) => {
    visit(tree, 'html', (node, index, parent) => {
      if (!parent || index === undefined) return undefined;
      const replacement: MdastContent = FLOW_PARENTS.has(parent.type)
        ? { type: 'paragraph', children: [text(node.value)] }
        : text(node.value);
      parent.children.splice(index, 1, replacement as never);
      return undefined;
    });
  };
}

/** The text an image stands for: its alt text, else its address. */
const imageText = (image: Element): string => {
  const { alt, src } = image.properties;
  if (typeof alt === 'string' && alt.trim()) return alt;
  return typeof src === 'string' && src ? src : 'image';
};

function imagesAsLinks(children: (ElementContent | HastContent)[], insideLink: boolean): void {
  children.forEach((child, index) => {
    if (child.type !== 'element') return;
    if (child.tagName === 'img') {
      const src = child.properties.src;
      // A link cannot hold another link: inside one, the image is its alt text.
      children[index] =
        insideLink || typeof src !== 'string' || !src
          ? text(imageText(child))
          : {
              type: 'element',
              tagName: 'a',
              properties: { href: src, className: ['markdown__image-link'] },
              children: [text(imageText(child))],
            };
      return;
    }
    imagesAsLinks(child.children, insideLink || child.tagName === 'a');
  });
}

/**
 * Images are not embedded (no request to a third party's server from a reader's browser, no
 * layout shift): each becomes a link to its address with its alt text. The link then goes
 * through the same URL check as any other.
 */
export function rehypeImagesAsLinks() {
  return (tree: HastRoot) => imagesAsLinks(tree.children, false);
}
