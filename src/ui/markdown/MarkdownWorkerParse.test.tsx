// A file of its own: here the highlighter's worker exists (jsdom has none), played by a fake that
// runs the worker's own code (workerTasks.ts) and copies each message as postMessage would.
import { render, waitFor } from '@testing-library/react';
import type { Root as HastRoot } from 'hast';
import { renderToStaticMarkup } from 'react-dom/server';

import { Markdown } from './Markdown';
import { DEFERRED_PARSE_MIN_CHARS, markdownElement } from './MarkdownRenderer';
import type { WorkerAnswer, WorkerRequest } from './workerTasks';
import { answerRequest } from './workerTasks';

/** What the fake worker was asked, and whether it answers parse requests with an error. */
const worker = { requests: [] as WorkerRequest[], failParses: false };

class FakeWorker extends EventTarget {
  postMessage(request: WorkerRequest) {
    const copy = structuredClone(request);
    worker.requests.push(copy);
    setTimeout(() => {
      void (async () => {
        const answer: WorkerAnswer =
          worker.failParses && copy.kind === 'parse'
            ? { id: copy.id, error: 'Error: the parse failed' }
            : await answerRequest(copy);
        const event = new MessageEvent('message', { data: structuredClone(answer) });
        this.dispatchEvent(event);
      })();
    }, 0);
  }

  terminate() {}
}

jest.mock('./highlightWorkerFactory', () => ({ createHighlightWorker: () => new FakeWorker() }));

const parseRequests = () => worker.requests.filter((request) => request.kind === 'parse');

beforeEach(() => {
  worker.requests = [];
  worker.failParses = false;
});

afterEach(() => {
  delete (window as { __pwned?: unknown }).__pwned;
});

/** The tree the worker makes from a source, as the page receives it (a structured clone). */
async function treeFromWorker(source: string): Promise<HastRoot> {
  const answer = await answerRequest({ id: 1, kind: 'parse', source });
  if (!('tree' in answer)) throw new Error(`The worker could not parse: ${'error' in answer ? answer.error : ''}`);
  return structuredClone(answer.tree);
}

/** Sources that exercise every part of the subset, hostile HTML and addresses first. */
const SOURCES = [
  '<script>window.__pwned = 1</script>\n\nafter the script',
  'inline <img src=x onerror="window.__pwned = 1"> and <b>bold?</b> <!-- a comment -->',
  '<iframe src="https://evil.example"></iframe>\n<div onclick="alert(1)">block</div>',
  '[js](javascript:alert(1)) [JaVaScRiPt](JaVaScRiPt:alert(1)) [data](data:text/html,<b>x</b>) [rel](/relative)',
  '[ok](https://example.com/a?b=1&c=2) <https://auto.example> www.bare.example and mail@example.com [m](mailto:a@b.co)',
  '![a diagram](https://example.com/d.png) ![](https://example.com/e.png) ![bad](javascript:alert(1))',
  '[![badge](https://img.example/b.svg)](https://example.com)',
  '# Title\n\n## Sub\n\nSome *emphasis*, **strong**, ~~gone~~ and `inline()` code.',
  '- one\n- two\n  - nested\n\n1. first\n2. second\n\n- [x] done\n- [ ] to do',
  '> quoted <em>html</em>\n> second line\n\n---\n\n| a | b |\n|---|:-:|\n| 1 | `2` |',
  'A claim[^1].\n\n[^1]: The source <script>x</script>.',
  '```ts\nconst answer: number = 42;\n```\n\n```\nno language <b>\n```\n\n```unknown\nplain\n```',
  'first line\nsecond line\n\nمرحبا بالعالم\n\n    indented code\n\n\\*escaped\\* &amp; &copy; &#60;',
];

test.each(SOURCES)("the worker's tree renders as the source parsed here does: %s", async (source) => {
  const here = renderToStaticMarkup(markdownElement({ source }));
  const fromWorker = renderToStaticMarkup(markdownElement({ tree: await treeFromWorker(source) }));
  expect(fromWorker).toBe(here);
  expect(fromWorker).not.toMatch(/<(script|iframe|img|div onclick)\b/);
  expect(fromWorker).not.toMatch(/href="(javascript|data):/i);
});

/** A text long enough to be parsed in the worker, with hostile HTML, links, an image and a table. */
const LONG_SOURCE = [
  'A **long** post <script>window.__pwned = 1</script> with <img src=x onerror="window.__pwned = 1">.',
  '[safe](https://example.com) and [unsafe](javascript:window.__pwned=1) and ![pic](https://example.com/p.png)',
  '| a | b |\n|---|---|\n| 1 | 2 |',
  '```text\nplain code <b>stays</b>\n```',
  'word '.repeat(DEFERRED_PARSE_MIN_CHARS / 5),
].join('\n\n');

test('a long text is parsed in the worker and renders as the main thread would render it', async () => {
  const view = render(<Markdown source={LONG_SOURCE} />);
  await waitFor(() => expect(view.container.querySelector('strong')).toHaveTextContent('long'));
  expect(parseRequests()).toEqual([expect.objectContaining({ kind: 'parse', source: LONG_SOURCE })]);

  const reference = render(<div className="markdown">{markdownElement({ source: LONG_SOURCE })}</div>);
  expect(view.container.querySelector('.markdown')!.innerHTML).toBe(
    reference.container.querySelector('.markdown')!.innerHTML,
  );
  const root = view.container;
  expect(root.querySelector('script, img, iframe')).not.toBeInTheDocument();
  expect(root).toHaveTextContent('<script>window.__pwned = 1</script>');
  expect([...root.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
    'https://example.com/',
    'https://example.com/p.png',
  ]);
  expect(root.querySelector('pre code')).toHaveTextContent('plain code <b>stays</b>');
  expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
});

test('a short text is parsed in the render that shows it, not in the worker', async () => {
  const view = render(<Markdown source="short **text**" />);
  await waitFor(() => expect(view.container.querySelector('strong')).toHaveTextContent('text'));
  expect(parseRequests()).toEqual([]);
});

test('when the worker cannot parse, the page parses the text itself, and says so in the log', async () => {
  worker.failParses = true;
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const source = `Still **rendered** ${'text '.repeat(DEFERRED_PARSE_MIN_CHARS / 5)}`;
  const view = render(<Markdown source={source} />);
  await waitFor(() => expect(view.container.querySelector('strong')).toHaveTextContent('rendered'));
  expect(parseRequests()).toHaveLength(1);
  expect(warn).toHaveBeenCalledWith(
    'Markdown could not be parsed off the main thread',
    expect.objectContaining({ message: 'Error: the parse failed' }),
  );
});
