// The inline start-up script (scripts/startupLoader.js, inlined by scripts/startupScripts.js and
// scripts/shellPreloads.js): the hosting CSP allows it by its hash alone. On the prerendered pages
// it requests the page's scripts once, after the first contentful paint (at once on a hidden page,
// else after 1 s); on the signed-in shells it preloads their chunks, one per task, from the task
// after the HTML's parse.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The key names the loader reads, from their owners (the path matches the 'firebase/*' pattern; no SDK in it).
// eslint-disable-next-line no-restricted-imports
import { AUTH_USER_KEY_PREFIX, SESSION_HINT_KEY } from '../backend/firebase/persistedSession';
import { LAST_USER_KEY, SESSION_KEY } from '../backend/local/sessionStore';

const ROOT = path.join(__dirname, '../..');
/** As the build inlines it: the file's content, trimmed. */
const LOADER = readFileSync(path.join(ROOT, 'scripts/startupLoader.js'), 'utf8').trim();

interface HostingHeader {
  key: string;
  value: string;
}
interface FirebaseJson {
  hosting: { headers: { source: string; headers: HostingHeader[] }[] };
}

function scriptSrc(): string[] {
  const firebaseJson = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as FirebaseJson;
  const csp = firebaseJson.hosting.headers
    .flatMap((rule) => rule.headers)
    .find((header) => header.key === 'Content-Security-Policy');
  if (!csp) throw new Error('firebase.json has no Content-Security-Policy');
  const directive = csp.value
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  if (!directive) throw new Error('firebase.json has no script-src');
  return directive.slice(1);
}

describe('the hosting CSP and the inline start-up script', () => {
  it('allows the script by its SHA-256 hash', () => {
    const hash = createHash('sha256').update(LOADER, 'utf8').digest('base64');
    expect(scriptSrc()).toContain(`'sha256-${hash}'`);
  });

  it("allows no other inline script: no 'unsafe-inline', exactly one hash", () => {
    expect(scriptSrc()).not.toContain("'unsafe-inline'");
    expect(scriptSrc().filter((source) => source.startsWith("'sha256-"))).toHaveLength(1);
  });
});

interface FakeScript {
  src: string;
  async: boolean;
}
interface FakeLink {
  rel: string;
  as: string;
  href: string;
}

const PAGE_SCRIPTS: Record<string, string> = { 'data-src': '/assets/main.js /assets/boot.js' };

/** A Storage stand-in holding `items`; `blocked` throws on every use, as blocked storage does. */
function fakeStorage(items: Record<string, string> = {}, blocked = false) {
  const keys = Object.keys(items);
  const guard = <T>(value: () => T): T => {
    if (blocked) throw new DOMException('The operation is insecure.', 'SecurityError');
    return value();
  };
  return {
    get length() {
      return guard(() => keys.length);
    },
    key: (index: number) => guard(() => keys[index] ?? null),
    getItem: (key: string) => guard(() => items[key] ?? null),
  };
}

/** The part of a PerformanceObserverEntryList the loader reads. */
interface ObservedList {
  getEntriesByName(name: string): unknown[];
}

interface LoaderStorage {
  sessionStorage?: ReturnType<typeof fakeStorage>;
  localStorage?: ReturnType<typeof fakeStorage>;
}

/** Runs the loader against a fake document, PerformanceObserver and timer; returns what it did and the levers. */
function runLoader({
  hidden = false,
  observer = true,
  observeThrows = false,
  attributes = PAGE_SCRIPTS,
  storage = {},
}: {
  hidden?: boolean;
  observer?: boolean;
  observeThrows?: boolean;
  attributes?: Record<string, string>;
  storage?: LoaderStorage;
} = {}) {
  const appended: (FakeScript | FakeLink)[] = [];
  const htmlAttributes: Record<string, string> = {};
  const timers: { callback: () => void; delay: number }[] = [];
  const observers: {
    callback: (list: ObservedList) => void;
    options: unknown;
    disconnected: boolean;
  }[] = [];
  const document = {
    currentScript: { getAttribute: (name: string) => attributes[name] ?? null },
    visibilityState: hidden ? 'hidden' : 'visible',
    createElement: (tag: string) => {
      expect(['script', 'link']).toContain(tag);
      return tag === 'script' ? { src: '', async: true } : { rel: '', as: '', href: '' };
    },
    head: { appendChild: (element: FakeScript | FakeLink) => appended.push({ ...element }) },
    documentElement: { setAttribute: (name: string, value: string) => void (htmlAttributes[name] = value) },
  };
  class FakePerformanceObserver {
    private readonly record;
    constructor(callback: (list: ObservedList) => void) {
      this.record = { callback, options: undefined as unknown, disconnected: false };
      observers.push(this.record);
    }
    observe(options: unknown) {
      if (observeThrows) throw new TypeError('paint entries are not supported');
      this.record.options = options;
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  const setTimeout = (callback: () => void, delay: number) => timers.push({ callback, delay });
  // The script as the browser runs it, with these globals.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the inline script is the code under test
  const script = new Function(
    'document',
    'PerformanceObserver',
    'setTimeout',
    'sessionStorage',
    'localStorage',
    LOADER,
  ) as (...globals: unknown[]) => void;
  script(
    document,
    observer ? FakePerformanceObserver : undefined,
    setTimeout,
    storage.sessionStorage ?? fakeStorage(),
    storage.localStorage ?? fakeStorage(),
  );
  const paint = (...names: string[]) =>
    observers[0]?.callback({
      getEntriesByName: (name: string) => names.filter((entry) => entry === name).map((entry) => ({ name: entry })),
    });
  return { appended, timers, observers, paint, htmlAttributes };
}

const BOTH = [
  { src: '/assets/main.js', async: false },
  { src: '/assets/boot.js', async: false },
];

describe('the start-up loader', () => {
  it('requests nothing before the first contentful paint, then the scripts in order, executed in order', () => {
    const loader = runLoader();
    expect(loader.appended).toEqual([]);
    expect(loader.observers[0]?.options).toEqual({ type: 'paint', buffered: true });
    loader.paint('first-paint');
    expect(loader.appended).toEqual([]);
    loader.paint('first-contentful-paint');
    expect(loader.appended).toEqual(BOTH);
    expect(loader.observers[0]?.disconnected).toBe(true);
  });

  it('starts at once on a hidden page, where no paint will come', () => {
    const loader = runLoader({ hidden: true });
    expect(loader.appended).toEqual(BOTH);
    expect(loader.observers).toEqual([]);
    expect(loader.timers).toEqual([]);
  });

  it('starts after 1 s when no paint entry comes', () => {
    const loader = runLoader();
    expect(loader.timers.map((timer) => timer.delay)).toEqual([1000]);
    expect(loader.appended).toEqual([]);
    loader.timers[0]?.callback();
    expect(loader.appended).toEqual(BOTH);
  });

  it('loads the scripts once, whichever of the paint and the timer comes first', () => {
    const paintFirst = runLoader();
    paintFirst.paint('first-contentful-paint');
    paintFirst.timers[0]?.callback();
    paintFirst.paint('first-contentful-paint');
    expect(paintFirst.appended).toEqual(BOTH);

    const timerFirst = runLoader();
    timerFirst.timers[0]?.callback();
    timerFirst.paint('first-contentful-paint');
    expect(timerFirst.appended).toEqual(BOTH);
  });

  it('starts at once where paint entries cannot be observed', () => {
    expect(runLoader({ observer: false }).appended).toEqual(BOTH);
    expect(runLoader({ observeThrows: true }).appended).toEqual(BOTH);
  });
});

describe("the start-up loader's preloads (the signed-in shells)", () => {
  const SHELL = { 'data-preload': '/assets/signed-in.js /assets/route-dashboard.js /assets/route.css' };

  it('adds one preload link per task from the task after the one parsing the HTML, and requests no script', () => {
    const loader = runLoader({ attributes: SHELL });
    expect(loader.appended).toEqual([]);
    expect(loader.observers).toEqual([]);
    expect(loader.timers.map((timer) => timer.delay)).toEqual([0]);
    loader.timers.shift()?.callback();
    // Each request takes the main thread a few milliseconds at mobile speeds: one per task.
    expect(loader.appended).toEqual([{ rel: 'preload', as: 'script', href: '/assets/signed-in.js' }]);
    loader.timers.shift()?.callback();
    expect(loader.appended).toHaveLength(2);
    loader.timers.shift()?.callback();
    expect(loader.appended).toEqual([
      { rel: 'preload', as: 'script', href: '/assets/signed-in.js' },
      { rel: 'preload', as: 'script', href: '/assets/route-dashboard.js' },
      { rel: 'preload', as: 'style', href: '/assets/route.css' },
    ]);
    expect(loader.timers).toEqual([]);
  });

  it('preloads nothing on a page that names no preloads', () => {
    const loader = runLoader();
    expect(loader.timers.map((timer) => timer.delay)).toEqual([1000]);
    loader.paint('first-contentful-paint');
    expect(loader.appended).toEqual(BOTH);
  });

  it('does nothing at all without either attribute', () => {
    const loader = runLoader({ attributes: {} });
    expect(loader.appended).toEqual([]);
    expect(loader.timers).toEqual([]);
    expect(loader.observers).toEqual([]);
  });
});

describe("the start-up loader's session check (/login and /signup: no signed-out form for a signed-in visitor)", () => {
  const CHECK = { 'data-session-check': '' };
  const marked = (storage: LoaderStorage, attributes: Record<string, string> = CHECK) =>
    runLoader({ attributes, storage }).htmlAttributes;

  it('marks <html data-session="maybe"> when this tab has a local session, and requests nothing', () => {
    const loader = runLoader({
      attributes: CHECK,
      storage: { sessionStorage: fakeStorage({ [SESSION_KEY]: '{"uid":"u1"}' }) },
    });
    expect(loader.htmlAttributes).toEqual({ 'data-session': 'maybe' });
    expect(loader.appended).toEqual([]);
    expect(loader.timers).toEqual([]);
  });

  it('a new tab starts as the last user signed in, unless this tab signed out', () => {
    const lastUser = fakeStorage({ [LAST_USER_KEY]: '{"uid":"u1"}' });
    expect(marked({ localStorage: lastUser })).toEqual({ 'data-session': 'maybe' });
    expect(marked({ sessionStorage: fakeStorage({ [SESSION_KEY]: '{"uid":null}' }), localStorage: lastUser })).toEqual(
      {},
    );
  });

  it("marks a Firebase session: an Auth user in localStorage, or the Firebase backend's hint", () => {
    expect(marked({ localStorage: fakeStorage({ [`${AUTH_USER_KEY_PREFIX}key:[DEFAULT]`]: '{}' }) })).toEqual({
      'data-session': 'maybe',
    });
    expect(marked({ localStorage: fakeStorage({ [SESSION_HINT_KEY]: '1' }) })).toEqual({ 'data-session': 'maybe' });
  });

  it('leaves the page as it is with no session, corrupt data or blocked storage', () => {
    expect(marked({})).toEqual({});
    expect(marked({ localStorage: fakeStorage({ unrelated: 'x', [LAST_USER_KEY]: '{"uid":""}' }) })).toEqual({});
    expect(marked({ sessionStorage: fakeStorage({ [SESSION_KEY]: 'not json' }) })).toEqual({});
    expect(marked({ sessionStorage: fakeStorage({}, true), localStorage: fakeStorage({}, true) })).toEqual({});
  });

  it('checks nothing without its attribute (the page copy that loads the scripts)', () => {
    expect(marked({ sessionStorage: fakeStorage({ [SESSION_KEY]: '{"uid":"u1"}' }) }, PAGE_SCRIPTS)).toEqual({});
  });
});
