import { observeElementOffset, Virtualizer } from '@tanstack/react-virtual';

import {
  elementScrollUnlessInPlace,
  heightBeforeLayout,
  measureElementOrEstimate,
  NO_LAYOUT_RECT,
  observeElementRectOrFallback,
  observeWindowRectOrFallback,
  widthBeforeLayout,
  windowScrollUnlessInPlace,
} from './virtualLayout';

/** Just what measureElementOrEstimate reads of a virtualizer. */
function fakeVirtualizer(sizes: Map<string, number>) {
  return {
    indexFromElement: (element: Element) => Number(element.getAttribute('data-index')),
    itemSizeCache: sizes,
    options: { getItemKey: (index: number) => `row-${index}`, estimateSize: () => 210, horizontal: false },
  } as unknown as Virtualizer<Window, HTMLElement>;
}

function row(index: number) {
  const element = document.createElement('li');
  element.setAttribute('data-index', String(index));
  // The layout read a measurement makes (tanstack's measureElement reads offsetHeight).
  const rect = jest.fn(() => 180);
  Object.defineProperty(element, 'offsetHeight', { get: rect });
  return { element, rect };
}

describe('measureElementOrEstimate', () => {
  const original = globalThis.ResizeObserver;
  afterEach(() => {
    globalThis.ResizeObserver = original;
  });

  it('with a ResizeObserver, a row just mounted is not measured in the commit: its known size, else the estimate', () => {
    globalThis.ResizeObserver = class {} as unknown as typeof ResizeObserver;
    const virtualizer = fakeVirtualizer(new Map([['row-1', 190]]));
    const known = row(1);
    const fresh = row(2);
    expect(measureElementOrEstimate(known.element, undefined, virtualizer)).toBe(190);
    expect(measureElementOrEstimate(fresh.element, undefined, virtualizer)).toBe(210);
    expect(known.rect).not.toHaveBeenCalled();
    expect(fresh.rect).not.toHaveBeenCalled();
  });

  it("takes the observer's measurement when it reports", () => {
    globalThis.ResizeObserver = class {} as unknown as typeof ResizeObserver;
    const { element } = row(1);
    const entry = { borderBoxSize: [{ blockSize: 175, inlineSize: 300 }] } as unknown as ResizeObserverEntry;
    expect(measureElementOrEstimate(element, entry, fakeVirtualizer(new Map()))).toBe(175);
  });

  it('without a ResizeObserver it measures at once, and falls back to the estimate when there is no layout', () => {
    globalThis.ResizeObserver = undefined as unknown as typeof ResizeObserver;
    const { element, rect } = row(1);
    expect(measureElementOrEstimate(element, undefined, fakeVirtualizer(new Map()))).toBe(180);
    rect.mockReturnValue(0);
    expect(measureElementOrEstimate(element, undefined, fakeVirtualizer(new Map()))).toBe(210);
  });
});

/** A ResizeObserver whose reports the test sends; it records what it observes. */
function fakeResizeObserver() {
  const observers: { callback: () => void; targets: Element[]; disconnected: boolean }[] = [];
  globalThis.ResizeObserver = class {
    private readonly record: { callback: () => void; targets: Element[]; disconnected: boolean };
    constructor(callback: () => void) {
      this.record = { callback, targets: [], disconnected: false };
      observers.push(this.record);
    }
    observe(target: Element) {
      this.record.targets.push(target);
    }
    disconnect() {
      this.record.disconnected = true;
    }
  } as unknown as typeof ResizeObserver;
  return observers;
}

/** Counts reads of a layout property (each would force a layout while the page is dirty). */
function layoutProperty(target: object, name: string, value: () => number) {
  const read = jest.fn(value);
  Object.defineProperty(target, name, { configurable: true, get: read });
  return read;
}

describe('observeWindowRectOrFallback', () => {
  const original = globalThis.ResizeObserver;
  afterEach(() => {
    globalThis.ResizeObserver = original;
  });

  function windowVirtualizer(initialRect?: { width: number; height: number }) {
    return { scrollElement: window, options: { initialRect } } as unknown as Virtualizer<Window, HTMLElement>;
  }

  it("reports the screen's size at once without reading the viewport, then the viewport once laid out and on every resize", () => {
    const observers = fakeResizeObserver();
    const innerWidth = layoutProperty(window, 'innerWidth', () => 412);
    const innerHeight = layoutProperty(window, 'innerHeight', () => 823);
    layoutProperty(window.screen, 'width', () => 420);
    layoutProperty(window.screen, 'height', () => 900);
    const onRect = jest.fn();

    const stop = observeWindowRectOrFallback(windowVirtualizer(), onRect);
    expect(onRect.mock.calls).toEqual([[{ width: 420, height: 900 }]]);
    expect(innerWidth).not.toHaveBeenCalled();
    expect(innerHeight).not.toHaveBeenCalled();
    expect(observers[0]?.targets).toEqual([document.documentElement]);

    observers[0]?.callback();
    expect(onRect).toHaveBeenLastCalledWith({ width: 412, height: 823 });
    innerHeight.mockReturnValue(600);
    window.dispatchEvent(new Event('resize'));
    expect(onRect).toHaveBeenLastCalledWith({ width: 412, height: 600 });

    stop?.();
    expect(observers[0]?.disconnected).toBe(true);
    const calls = onRect.mock.calls.length;
    window.dispatchEvent(new Event('resize'));
    expect(onRect).toHaveBeenCalledTimes(calls);
  });

  it("starts from the virtualizer's initialRect when it has one, and from the fallback when there is no screen size", () => {
    fakeResizeObserver();
    layoutProperty(window.screen, 'width', () => 0);
    layoutProperty(window.screen, 'height', () => 0);
    const withInitial = jest.fn();
    observeWindowRectOrFallback(windowVirtualizer({ width: 0, height: 500 }), withInitial)?.();
    expect(withInitial.mock.calls).toEqual([[{ width: 0, height: 500 }]]);
    const withoutScreen = jest.fn();
    observeWindowRectOrFallback(windowVirtualizer(), withoutScreen)?.();
    expect(withoutScreen.mock.calls).toEqual([[NO_LAYOUT_RECT]]);
  });
});

describe('widthBeforeLayout', () => {
  it("is the screen's width, at most the laptop-sized fallback's, read without the viewport (which forces a layout)", () => {
    const innerWidth = layoutProperty(window, 'innerWidth', () => 412);
    const screenWidth = layoutProperty(window.screen, 'width', () => 412);
    expect(widthBeforeLayout()).toBe(412);
    screenWidth.mockReturnValue(1920);
    expect(widthBeforeLayout()).toBe(NO_LAYOUT_RECT.width);
    screenWidth.mockReturnValue(0);
    expect(widthBeforeLayout()).toBe(NO_LAYOUT_RECT.width);
    expect(innerWidth).not.toHaveBeenCalled();
  });
});

describe('observeElementRectOrFallback', () => {
  const original = globalThis.ResizeObserver;
  afterEach(() => {
    globalThis.ResizeObserver = original;
  });

  it('reports the estimate at once without reading the element, then its size once the observer reports', () => {
    const observers = fakeResizeObserver();
    const element = document.createElement('div');
    const clientHeight = layoutProperty(element, 'clientHeight', () => 448);
    layoutProperty(element, 'clientWidth', () => 380);
    const onRect = jest.fn();
    const instance = {
      scrollElement: element,
      options: { initialRect: { width: 0, height: 448 } },
    } as unknown as Virtualizer<HTMLDivElement, HTMLElement>;

    const stop = observeElementRectOrFallback(instance, onRect);
    expect(onRect.mock.calls).toEqual([[{ width: 0, height: 448 }]]);
    expect(clientHeight).not.toHaveBeenCalled();
    expect(observers[0]?.targets).toEqual([element]);
    observers[0]?.callback();
    expect(onRect).toHaveBeenLastCalledWith({ width: 380, height: 448 });
    // Hidden (no layout): the fallback window, not zero rows.
    clientHeight.mockReturnValue(0);
    layoutProperty(element, 'clientWidth', () => 0);
    observers[0]?.callback();
    expect(onRect).toHaveBeenLastCalledWith(NO_LAYOUT_RECT);
    stop?.();
    expect(observers[0]?.disconnected).toBe(true);
  });
});

describe('the scroll writes', () => {
  function scrollable(scrollOffset: number) {
    const element = document.createElement('div');
    const scrollTo = jest.fn();
    element.scrollTo = scrollTo;
    const instance = { scrollElement: element, scrollOffset, options: { horizontal: false } } as unknown as Virtualizer<
      HTMLDivElement,
      HTMLElement
    >;
    return { instance, scrollTo };
  }

  it('skip the write of the offset the virtualizer already holds (its write on attaching)', () => {
    const { instance, scrollTo } = scrollable(0);
    elementScrollUnlessInPlace(0, {}, instance);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('make every write that moves: another offset, an adjustment, a smooth scroll', () => {
    const { instance, scrollTo } = scrollable(0);
    elementScrollUnlessInPlace(300, {}, instance);
    elementScrollUnlessInPlace(0, { adjustments: 20 }, instance);
    elementScrollUnlessInPlace(0, { behavior: 'smooth' }, instance);
    expect(scrollTo.mock.calls).toEqual([[{ top: 300 }], [{ top: 20 }], [{ top: 0, behavior: 'smooth' }]]);
  });

  it('skip only the first write after attaching: a later plain write to the offset held is a correction, and is made', () => {
    const { instance, scrollTo } = scrollable(0);
    elementScrollUnlessInPlace(0, {}, instance);
    // The virtualizer moved its offset first, then writes it (a held correction, a retried adjustment).
    (instance as { scrollOffset: number }).scrollOffset = 4630;
    elementScrollUnlessInPlace(4630, {}, instance);
    elementScrollUnlessInPlace(4630, {}, instance);
    expect(scrollTo.mock.calls).toEqual([[{ top: 4630 }], [{ top: 4630 }]]);
  });

  it('skip the first write again when the virtualizer attaches to another element', () => {
    const { instance, scrollTo } = scrollable(0);
    elementScrollUnlessInPlace(0, {}, instance);
    const other = document.createElement('div');
    const otherScrollTo = jest.fn();
    other.scrollTo = otherScrollTo;
    (instance as { scrollElement: Element }).scrollElement = other;
    elementScrollUnlessInPlace(0, {}, instance);
    elementScrollUnlessInPlace(0, {}, instance);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(otherScrollTo.mock.calls).toEqual([[{ top: 0 }]]);
  });

  it("with the library's virtualizer: no write on mounting, and its scrolls reach the element", () => {
    const element = document.createElement('div');
    const scrollTo = jest.fn();
    element.scrollTo = scrollTo;
    // The box's content as laid out: 100 rows of 50 px in a 400 px box (jsdom lays nothing out).
    layoutProperty(element, 'scrollHeight', () => 5000);
    layoutProperty(element, 'clientHeight', () => 400);
    const virtualizer = new Virtualizer<HTMLDivElement, HTMLElement>({
      count: 100,
      getScrollElement: () => element,
      estimateSize: () => 50,
      scrollToFn: elementScrollUnlessInPlace,
      observeElementRect: observeElementRectOrFallback,
      observeElementOffset,
      initialRect: { width: 0, height: 400 },
    });
    const unmount = virtualizer._didMount();
    virtualizer._willUpdate();
    expect(scrollTo).not.toHaveBeenCalled();
    expect(virtualizer.getVirtualItems().length).toBeGreaterThan(0);
    virtualizer.scrollToOffset(300);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 300 }));
    unmount();
  });

  it('on the window too', () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const instance = {
      scrollElement: window,
      scrollOffset: 0,
      options: { horizontal: false },
    } as unknown as Virtualizer<Window, HTMLElement>;
    windowScrollUnlessInPlace(0, {}, instance);
    expect(scrollTo).not.toHaveBeenCalled();
    windowScrollUnlessInPlace(120, {}, instance);
    expect(scrollTo).toHaveBeenCalledWith({ top: 120 });
    scrollTo.mockRestore();
  });
});

describe('heightBeforeLayout', () => {
  it("is the screen's height, else the fallback's, read without the viewport (which forces a layout)", () => {
    const innerHeight = layoutProperty(window, 'innerHeight', () => 823);
    const screenHeight = layoutProperty(window.screen, 'height', () => 823);
    expect(heightBeforeLayout()).toBe(823);
    screenHeight.mockReturnValue(2160);
    expect(heightBeforeLayout()).toBe(2160);
    screenHeight.mockReturnValue(0);
    expect(heightBeforeLayout()).toBe(NO_LAYOUT_RECT.height);
    expect(innerHeight).not.toHaveBeenCalled();
  });
});
