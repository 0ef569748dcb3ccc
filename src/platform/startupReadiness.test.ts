// The signed-in shells run the entry and the boot chunk as soon as they arrive (async scripts):
// the app waits for the parsed document before it looks for #root, and for the stylesheet
// before its first render (src/index.tsx).
import { documentParsed, stylesheetsLoaded } from './startup';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('documentParsed', () => {
  it('resolves at once on a parsed document', async () => {
    expect(document.readyState).not.toBe('loading');
    expect(await settled(documentParsed())).toBe(true);
  });

  it('waits for DOMContentLoaded while the document is still loading', async () => {
    const loading = document.implementation.createHTMLDocument('loading');
    Object.defineProperty(loading, 'readyState', { value: 'loading', configurable: true });
    const parsed = documentParsed(loading);
    expect(await settled(parsed)).toBe(false);
    loading.dispatchEvent(new Event('DOMContentLoaded'));
    expect(await settled(parsed)).toBe(true);
  });
});

describe('stylesheetsLoaded', () => {
  const noEntries = { getEntriesByName: () => [] };

  function pageWith(...hrefs: string[]) {
    const doc = document.implementation.createHTMLDocument('page');
    const links = hrefs.map((href) => {
      const link = doc.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      doc.head.append(link);
      return link;
    });
    return { doc, links };
  }

  it('waits for every stylesheet still loading, and for nothing else', async () => {
    const { doc, links } = pageWith('https://app.test/a.css', 'https://app.test/b.css');
    const loaded = stylesheetsLoaded(doc, noEntries);
    expect(await settled(loaded)).toBe(false);
    links[0]!.dispatchEvent(new Event('load'));
    expect(await settled(loaded)).toBe(false);
    // A stylesheet that fails does not hold the app back for ever.
    links[1]!.dispatchEvent(new Event('error'));
    expect(await settled(loaded)).toBe(true);
  });

  it('does not wait for a stylesheet that has already finished, loaded or failed (it has a timing entry)', async () => {
    const { doc } = pageWith('https://app.test/a.css');
    const finished = { getEntriesByName: (name: string) => (name === 'https://app.test/a.css' ? [{}] : []) };
    expect(await settled(stylesheetsLoaded(doc, finished as unknown as Pick<Performance, 'getEntriesByName'>))).toBe(
      true,
    );
    expect(await settled(stylesheetsLoaded(pageWith().doc, noEntries))).toBe(true);
  });
});
