import { nextTask, warmSplashFonts } from './splashFonts';

/** A document whose HTML has been parsed (jsdom leaves a created one "loading"). */
function parsedDocument() {
  const doc = document.implementation.createHTMLDocument('DevTribe');
  Object.defineProperty(doc, 'readyState', { configurable: true, get: () => 'complete' });
  return doc;
}

/** A parsed document holding the splash with `count` hidden samples; `shown`: what the browser says of it. */
function splashDocument(count: number, { shown = true } = {}) {
  const doc = parsedDocument();
  const samples = Array.from({ length: count }, (_, i) => `<span hidden style="font-size:${12 + i}px">Aa</span>`);
  doc.body.innerHTML = `<div id="root"><div id="splash"${shown ? '' : ' hidden'}><div class="splash__status" role="status"><p>Starting DevTribe…</p></div><div class="fonts" aria-hidden="true">${samples.join('')}</div></div></div>`;
  // jsdom lays nothing out: the browser's answer.
  doc.getElementById('splash')!.checkVisibility = () => shown;
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
      for (let i = 0; i < 4; i += 1) await Promise.resolve();
    },
  };
}

const microtasks = async () => {
  for (let i = 0; i < 4; i += 1) await Promise.resolve();
};

test("lays out one sample per task, none in the caller's", async () => {
  const doc = splashDocument(3);
  const tasks = steppedTasks();
  const done = warmSplashFonts(doc, tasks.next);
  await microtasks();
  // Nothing in the caller's task (the entry script's): even the look at the splash waits for a task.
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
  await microtasks();
  await tasks.step();
  expect(shown(doc)).toEqual([true, false, false]);
  const second = doc.querySelector<HTMLElement>('#splash .fonts')!.children[1] as HTMLElement;
  doc.getElementById('root')!.replaceChildren(doc.createElement('main'));
  await tasks.step();
  await done;
  expect(second.hidden).toBe(true);
  expect(tasks.asked).toBe(0);
});

test('does nothing on a page whose splash is not shown, or that has none', async () => {
  const hidden = splashDocument(2, { shown: false });
  const tasks = steppedTasks();
  const done = warmSplashFonts(hidden, tasks.next);
  await microtasks();
  await tasks.step();
  await done;
  expect(shown(hidden)).toEqual([false, false]);
  expect(tasks.asked).toBe(0);

  const none = parsedDocument();
  await expect(warmSplashFonts(none, tasks.next)).resolves.toBeUndefined();
  expect(tasks.asked).toBe(0);
});

test('waits for the HTML to be parsed before looking for the splash', async () => {
  const doc = splashDocument(1);
  let state: DocumentReadyState = 'loading';
  Object.defineProperty(doc, 'readyState', { configurable: true, get: () => state });
  const tasks = steppedTasks();
  const done = warmSplashFonts(doc, tasks.next);
  await microtasks();
  expect(tasks.asked).toBe(0);
  state = 'interactive';
  doc.dispatchEvent(new Event('DOMContentLoaded'));
  await microtasks();
  expect(tasks.asked).toBe(1);
  await tasks.step();
  await done;
  expect(shown(doc)).toEqual([true]);
});

describe('nextTask', () => {
  const order: string[] = [];
  const taskAfterMicrotasks = async () => {
    order.length = 0;
    const task = nextTask().then(() => order.push('next task'));
    await Promise.resolve().then(() => order.push('microtask'));
    await task;
    return order;
  };

  test("resolves in a task of its own, through a message (no timers' 4 ms clamp)", async () => {
    const { MessageChannel: NodeMessageChannel } = await import('node:worker_threads');
    globalThis.MessageChannel = NodeMessageChannel as unknown as typeof MessageChannel;
    const timer = jest.spyOn(globalThis, 'setTimeout');
    try {
      expect(await taskAfterMicrotasks()).toEqual(['microtask', 'next task']);
      expect(timer).not.toHaveBeenCalled();
    } finally {
      timer.mockRestore();
      delete (globalThis as { MessageChannel?: unknown }).MessageChannel;
    }
  });

  test('falls back to a timer without MessageChannel', async () => {
    expect(typeof MessageChannel).toBe('undefined');
    expect(await taskAfterMicrotasks()).toEqual(['microtask', 'next task']);
  });
});
