import { warmSplashFonts } from './splashFonts';

/** A document whose HTML has been parsed (jsdom leaves a created one "loading"). */
function parsedDocument() {
  const doc = document.implementation.createHTMLDocument('DevTribe');
  Object.defineProperty(doc, 'readyState', { configurable: true, get: () => 'complete' });
  return doc;
}

/** A parsed document holding the splash with `count` hidden samples. */
function splashDocument(count: number, { splashHidden = false } = {}) {
  const doc = parsedDocument();
  const samples = Array.from({ length: count }, (_, i) => `<span hidden style="font-size:${12 + i}px">Aa</span>`);
  doc.body.innerHTML = `<div id="root"><div id="splash"${splashHidden ? ' hidden' : ''}><p>Starting DevTribe…</p><div class="fonts" aria-hidden="true">${samples.join('')}</div></div></div>`;
  return doc;
}

const shown = (doc: Document) =>
  [...doc.querySelectorAll<HTMLElement>('#splash .fonts > span')].map((span) => !span.hidden);

/** A `next` that resolves only when the test says so, counting the tasks asked for. */
function steppedTasks() {
  const waiting: Array<() => void> = [];
  return {
    next: () => new Promise<void>((resolve) => waiting.push(resolve)),
    get asked() {
      return waiting.length;
    },
    async step() {
      waiting.shift()?.();
      // Let the warm-up run up to its next await.
      await Promise.resolve();
      await Promise.resolve();
    },
  };
}

test('lays out one sample per task, each in a task of its own', async () => {
  const doc = splashDocument(3);
  const tasks = steppedTasks();
  const done = warmSplashFonts(doc, tasks.next);
  await Promise.resolve();
  await Promise.resolve();
  // Nothing in the caller's task: the first sample waits for a task of its own.
  expect(shown(doc)).toEqual([false, false, false]);
  expect(tasks.asked).toBe(1);
  await tasks.step();
  expect(shown(doc)).toEqual([true, false, false]);
  await tasks.step();
  expect(shown(doc)).toEqual([true, true, false]);
  await tasks.step();
  await done;
  expect(shown(doc)).toEqual([true, true, true]);
});

test('stops once the app has replaced the splash', async () => {
  const doc = splashDocument(3);
  const tasks = steppedTasks();
  const done = warmSplashFonts(doc, tasks.next);
  await Promise.resolve();
  await tasks.step();
  expect(shown(doc)).toEqual([true, false, false]);
  const fonts = doc.querySelector('#splash .fonts')!;
  const second = fonts.children[1] as HTMLElement;
  doc.getElementById('root')!.replaceChildren(doc.createElement('main'));
  await tasks.step();
  await done;
  expect(second.hidden).toBe(true);
  expect(tasks.asked).toBe(0);
});

test('does nothing on a page whose splash is not shown, or that has none', async () => {
  const hidden = splashDocument(2, { splashHidden: true });
  // jsdom has no checkVisibility: the browser's answer for a hidden splash.
  hidden.getElementById('splash')!.checkVisibility = () => false;
  const tasks = steppedTasks();
  await warmSplashFonts(hidden, tasks.next);
  expect(shown(hidden)).toEqual([false, false]);
  expect(tasks.asked).toBe(0);

  const none = parsedDocument();
  await expect(warmSplashFonts(none, tasks.next)).resolves.toBeUndefined();
});

test('waits for the HTML to be parsed before looking for the splash', async () => {
  const doc = splashDocument(1);
  let state: DocumentReadyState = 'loading';
  Object.defineProperty(doc, 'readyState', { configurable: true, get: () => state });
  const tasks = steppedTasks();
  const done = warmSplashFonts(doc, tasks.next);
  await Promise.resolve();
  expect(tasks.asked).toBe(0);
  state = 'interactive';
  doc.dispatchEvent(new Event('DOMContentLoaded'));
  await Promise.resolve();
  await Promise.resolve();
  expect(tasks.asked).toBe(1);
  await tasks.step();
  await done;
  expect(shown(doc)).toEqual([true]);
});
