import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { LINES_PER_GROUP, SYNC_HIGHLIGHT_MAX_CHARS } from './CodeBlock';
import { COPIED_MESSAGE_MS, COPY_FAILED_MESSAGE } from './CopyCodeButton';
import { Markdown } from './Markdown';
import { DEFERRED_PARSE_MIN_CHARS } from './MarkdownRenderer';

/** Renders through the lazy wrapper and waits until the renderer (not the plain fallback) is there. */
async function renderMarkdown(source: string) {
  const view = render(<Markdown source={source} className="post__body" />);
  await waitFor(() => expect(view.container.querySelector('.markdown__plain')).not.toBeInTheDocument());
  return view.container.querySelector<HTMLElement>('.markdown')!;
}

afterEach(() => {
  delete (window as { __pwned?: unknown }).__pwned;
});

describe('what renders', () => {
  test('paragraphs, emphasis, lists, quotes, inline code, strikethrough and tables', async () => {
    const root = await renderMarkdown(
      [
        'Some *emphasis*, **strong** and `inline()` code, ~~gone~~.',
        '',
        '- one',
        '- two',
        '',
        '1. first',
        '',
        '> quoted',
        '',
        '| a | b |',
        '|---|---|',
        '| 1 | 2 |',
      ].join('\n'),
    );
    expect(root.querySelector('em')).toHaveTextContent('emphasis');
    expect(root.querySelector('strong')).toHaveTextContent('strong');
    expect(root.querySelector('p > code')).toHaveTextContent('inline()');
    expect(root.querySelector('del')).toHaveTextContent('gone');
    expect(within(root).getAllByRole('list')).toHaveLength(2);
    expect(root.querySelector('blockquote')).toHaveTextContent('quoted');
    expect(within(root).getByRole('table')).toHaveTextContent('ab12');
  });

  test('line breaks show as typed', async () => {
    const root = await renderMarkdown('first line\nsecond line');
    expect(root.querySelector('p br')).toBeInTheDocument();
  });

  test('headings are bold lines, not headings of the page', async () => {
    const root = await renderMarkdown('# Big title\n\ntext');
    expect(within(root).queryByRole('heading')).not.toBeInTheDocument();
    expect(root.querySelector('p.markdown__heading strong')).toHaveTextContent('Big title');
  });

  test('footnotes show as written', async () => {
    const root = await renderMarkdown('A claim[^1].\n\n[^1]: The source.');
    expect(root).toHaveTextContent('A claim[^1].');
    expect(root).toHaveTextContent('[^1]: The source.');
    expect(root.querySelector('[id]')).not.toBeInTheDocument();
  });
});

// Parsed in a transition, whose first render (the source as typed) act() does not let us see; the
// bench (markdownCode) shows the task it saves.
test('a long text renders, and renders again when shown a second time', async () => {
  const source = `**Long** text: ${'word '.repeat(DEFERRED_PARSE_MIN_CHARS / 5)}`;
  await renderMarkdown('warm the renderer *up*');
  const first = render(<Markdown source={source} />);
  await waitFor(() => expect(first.container.querySelector('strong')).toHaveTextContent('Long'));
  first.unmount();
  const again = render(<Markdown source={source} />);
  expect(again.container.querySelector('.markdown__plain')).not.toBeInTheDocument();
  expect(again.container.querySelector('strong')).toHaveTextContent('Long');
});

describe('links', () => {
  test('open in a new tab with rel="nofollow ugc noopener noreferrer"', async () => {
    const root = await renderMarkdown('[docs](https://example.com/docs) and https://devtribe.dev and <mailto:a@b.dev>');
    const docs = within(root).getByRole('link', { name: 'docs' });
    expect(docs).toHaveAttribute('href', 'https://example.com/docs');
    expect(within(root).getByRole('link', { name: 'https://devtribe.dev' })).toHaveAttribute(
      'href',
      'https://devtribe.dev/',
    );
    expect(within(root).getByRole('link', { name: 'mailto:a@b.dev' })).toHaveAttribute('href', 'mailto:a@b.dev');
    for (const link of within(root).getAllByRole('link')) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'nofollow ugc noopener noreferrer');
    }
  });

  test.each([
    ['[x](javascript:alert(1))', 'x'],
    ['[x](JaVaScRiPt:alert(1))', 'x'],
    ['[x](&#106;avascript:alert(1))', 'x'],
    ['[x](data:text/html,<script>alert(1)</script>)', 'x'],
    ['[x](vbscript:msgbox(1))', 'x'],
    ['[x](file:///etc/passwd)', 'x'],
    ['[x](/relative/path)', 'x'],
    ['<javascript:alert(1)>', 'javascript:alert(1)'],
  ])('%s is text, not a link', async (source, text) => {
    const root = await renderMarkdown(source);
    expect(within(root).queryByRole('link')).not.toBeInTheDocument();
    expect(root.querySelector('[href]')).not.toBeInTheDocument();
    expect(root).toHaveTextContent(text);
  });
});

describe('raw HTML is text, never markup', () => {
  test.each([
    '<script>window.__pwned = 1</script>',
    '<img src=x onerror="window.__pwned = 1">',
    '<a href="javascript:window.__pwned = 1">click</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<div onclick="window.__pwned = 1">block</div>',
    'inline <b onmouseover="window.__pwned = 1">bold</b> html',
  ])('%s', async (source) => {
    const root = await renderMarkdown(source);
    expect(
      root.querySelector('script, img, iframe, b, div, [onerror], [onclick], [onmouseover]'),
    ).not.toBeInTheDocument();
    expect(root.querySelector('[href]')).not.toBeInTheDocument();
    // Shown as written: the angle brackets are there for the reader to see.
    expect(root.textContent).toContain(source.replace(/\n/g, ''));
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  });
});

test('an HTML block reads as its own paragraph, line breaks kept', async () => {
  const root = await renderMarkdown('before\n\n<div>\n  <b>x</b>\n</div>\n\nafter');
  const paragraphs = [...root.querySelectorAll('p')];
  expect(paragraphs.map((p) => p.textContent)).toEqual(['before', '<div>\n<b>x</b>\n</div>', 'after']);
  expect(paragraphs[1]!.querySelectorAll('br')).toHaveLength(2);
  expect(root.querySelector('div, b')).not.toBeInTheDocument();
});

test('each paragraph, item and quote takes its direction from its own text', async () => {
  const root = await renderMarkdown('English first\n\nمرحبا بالعالم\n\n- item\n\n> quote');
  for (const element of root.querySelectorAll('p, li, blockquote')) expect(element).toHaveAttribute('dir', 'auto');
});

describe('images', () => {
  test('an image is a link to its address with its alt text, never an <img>', async () => {
    const root = await renderMarkdown('![a diagram](https://example.com/d.png)');
    expect(root.querySelector('img')).not.toBeInTheDocument();
    const link = within(root).getByRole('link', { name: 'a diagram' });
    expect(link).toHaveAttribute('href', 'https://example.com/d.png');
    expect(link).toHaveAttribute('rel', 'nofollow ugc noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
  });

  test('without alt text the link shows the address', async () => {
    const root = await renderMarkdown('![](https://example.com/d.png)');
    expect(within(root).getByRole('link', { name: 'https://example.com/d.png' })).toBeInTheDocument();
  });

  test('an image with a javascript: or data: address is only its alt text', async () => {
    const root = await renderMarkdown('![one](javascript:alert(1)) ![two](data:image/png;base64,AAAA)');
    expect(within(root).queryByRole('link')).not.toBeInTheDocument();
    expect(root.querySelector('img')).not.toBeInTheDocument();
    expect(root).toHaveTextContent('one two');
  });

  test('an image inside a link is the link text (no link in a link)', async () => {
    const root = await renderMarkdown('[![badge](https://img.example/b.svg)](https://example.com)');
    const links = within(root).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('badge');
    expect(links[0]).toHaveAttribute('href', 'https://example.com/');
  });
});

describe('code blocks', () => {
  const TS_BLOCK = '```ts\nconst answer: number = 42;\nfunction greet(name: string) {\n  return `hi ${name}`;\n}\n```';

  test('a fenced TypeScript block renders <pre><code> with highlight.js token spans', async () => {
    const root = await renderMarkdown(TS_BLOCK);
    const code = root.querySelector('pre > code')!;
    expect(code).toHaveClass('hljs', 'language-ts');
    await waitFor(() => expect(code.querySelector('span.hljs-keyword')).toBeInTheDocument());
    expect([...code.querySelectorAll('.hljs-keyword')].map((span) => span.textContent)).toEqual(
      expect.arrayContaining(['const', 'function', 'return']),
    );
    expect(code.querySelector('.hljs-number')).toHaveTextContent('42');
    expect(code.querySelector('.hljs-string')).toBeInTheDocument();
    expect(code.textContent).toBe(
      'const answer: number = 42;\nfunction greet(name: string) {\n  return `hi ${name}`;\n}',
    );
    expect(root).toHaveTextContent('TypeScript');
  });

  test.each([
    ['python', 'def f():\n    return None', 'def'],
    ['go', 'func main() {}', 'func'],
    ['rust', 'fn main() { let x = 1; }', 'fn'],
    ['java', 'public class A {}', 'public'],
    ['sql', 'SELECT * FROM posts;', 'SELECT'],
    ['sh', 'if true; then echo hi; fi', 'if'],
    ['yaml', 'key: true', 'true'],
    ['json', '{"a": null}', 'null'],
    ['html', '<div class="x"></div>', 'div'],
    ['css', '@media screen { a { color: red } }', '@media'],
    ['js', 'let x = 1', 'let'],
  ])('%s is highlighted', async (language, source, token) => {
    const root = await renderMarkdown(`\`\`\`${language}\n${source}\n\`\`\``);
    const code = root.querySelector('pre > code')!;
    await waitFor(() =>
      expect([...code.querySelectorAll('span[class^="hljs-"]')].map((s) => s.textContent)).toContain(token),
    );
    expect(code.textContent).toBe(source);
  });

  test('a long block is highlighted after it shows, line by line, its text unchanged', async () => {
    const code = Array.from({ length: 200 }, (_, i) => `const line${i}: number = ${i}; // note ${i}`).join('\n');
    expect(code.length).toBeGreaterThan(SYNC_HIGHLIGHT_MAX_CHARS);
    const root = await renderMarkdown(`\`\`\`ts\n${code}\n\`\`\``);
    const element = root.querySelector('pre > code')!;
    await waitFor(() => expect(element.querySelectorAll('.hljs-keyword')).toHaveLength(200));
    expect(element.querySelectorAll('.hljs-comment')).toHaveLength(200);
    expect(element.textContent).toBe(code);
  });

  test('a long block is highlighted a group of lines at a time, its text the same at every step', async () => {
    const code = Array.from({ length: 200 }, (_, i) => `const line${i}: number = ${i};`).join('\n');
    const seen: { keywords: number; sameText: boolean }[] = [];
    let element: Element | null = null;
    const observer = new MutationObserver(() => {
      if (!element) return;
      seen.push({
        keywords: element.querySelectorAll('.hljs-keyword').length,
        sameText: element.textContent === code,
      });
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const root = await renderMarkdown(`\`\`\`ts\n${code}\n\`\`\``);
    element = root.querySelector('pre > code')!;
    await waitFor(() => expect(element.querySelectorAll('.hljs-keyword')).toHaveLength(200));
    observer.disconnect();
    const counts = [...new Set(seen.map((step) => step.keywords))];
    // One group of LINES_PER_GROUP lines (one keyword each) more at each step, never all at once.
    expect(counts).toEqual(Array.from({ length: 200 / LINES_PER_GROUP + 1 }, (_, group) => group * LINES_PER_GROUP));
    expect(seen.every((step) => step.sameText)).toBe(true);
    expect(element.querySelectorAll('.code-block__lines')).toHaveLength(200 / LINES_PER_GROUP);
  });

  test('an unknown language, or none, is plain code', async () => {
    const root = await renderMarkdown('```brainfuck\n++[>+<-]\n```\n\n```\nplain <b>text</b>\n```');
    const [unknown, none] = [...root.querySelectorAll('pre > code')];
    expect(unknown).toHaveClass('language-brainfuck');
    expect(unknown?.textContent).toBe('++[>+<-]');
    expect(none?.textContent).toBe('plain <b>text</b>');
    // Give a grammar the chance to arrive: none does.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(root.querySelector('pre span')).not.toBeInTheDocument();
    expect(within(root).getAllByRole('button', { name: 'Copy code' })).toHaveLength(2);
  });

  test('Copy code copies the block\'s text and says "Copied" for two seconds', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn<Promise<void>, [string]>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const root = await renderMarkdown(`Intro\n\n${TS_BLOCK}`);
    const status = within(root).getByRole('status');
    expect(status).toBeEmptyDOMElement();

    await user.click(within(root).getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith(
      'const answer: number = 42;\nfunction greet(name: string) {\n  return `hi ${name}`;\n}',
    );
    expect(within(root).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(status).toHaveTextContent('Copied');

    await waitFor(() => expect(within(root).getByRole('button', { name: 'Copy code' })).toBeInTheDocument(), {
      timeout: COPIED_MESSAGE_MS + 1000,
    });
    expect(status).toBeEmptyDOMElement();
  });

  test('a clipboard that refuses gets a clear message', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn().mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const root = await renderMarkdown(TS_BLOCK);
    await user.click(within(root).getByRole('button', { name: 'Copy code' }));
    expect(within(root).getByRole('status')).toHaveTextContent(COPY_FAILED_MESSAGE);
    expect(within(root).getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  });

  test('no clipboard at all (an insecure page) gets the same message', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const root = await renderMarkdown(TS_BLOCK);
    await user.click(within(root).getByRole('button', { name: 'Copy code' }));
    expect(within(root).getByRole('status')).toHaveTextContent(COPY_FAILED_MESSAGE);
  });
});

test('the renderer handles the whole page: a wrapper with the caller\'s classes and dir="auto"', async () => {
  await renderMarkdown('hello');
  const wrapper = screen.getByText('hello').closest('.markdown');
  expect(wrapper).toHaveClass('post__body');
  expect(wrapper).toHaveAttribute('dir', 'auto');
});
