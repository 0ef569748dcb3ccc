import type { Virtualizer } from '@tanstack/react-virtual';

import { measureElementOrEstimate } from './virtualLayout';

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
