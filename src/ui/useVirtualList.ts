import type { Rect, VirtualItem, Virtualizer } from '@tanstack/react-virtual';
import { useVirtualizer, useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Key, RefObject } from 'react';

import {
  elementScrollUnlessInPlace,
  measureElementOrEstimate,
  observeElementRectOrFallback,
  observeWindowRectOrFallback,
  windowScrollUnlessInPlace,
} from './virtualLayout';

interface VirtualListOptions {
  count: number;
  /** A row's height before it is measured. */
  estimateSize: number;
  gap: number;
  /** Rows kept in the DOM beyond each edge of the viewport. */
  overscan: number;
  getItemKey?: (index: number) => Key;
}

/** What a virtualized list renders: the rows in view, and the padding that stands in for the rest. */
export interface VirtualList {
  rows: VirtualItem[];
  /** Padding above the first row and below the last, so the scroll bar is the whole list's. */
  paddingTop: number;
  paddingBottom: number;
  /** The whole list's height, every row at its measured or estimated size. */
  totalSize: number;
  /** The ref for a row's element (with `data-index` set to the row's index), which measures it. */
  measureElement: (element: Element | null) => void;
}

function toVirtualList<S extends Element | Window>(virtualizer: Virtualizer<S, Element>): VirtualList {
  const rows = virtualizer.getVirtualItems();
  const first = rows[0];
  const last = rows[rows.length - 1];
  // Rows start at the list's offset in the scroller (scrollMargin); the padding is inside the list.
  const margin = virtualizer.options.scrollMargin;
  return {
    rows,
    paddingTop: first ? first.start - margin : 0,
    paddingBottom: last ? Math.max(0, virtualizer.getTotalSize() - (last.end - margin)) : 0,
    totalSize: virtualizer.getTotalSize(),
    measureElement: virtualizer.measureElement,
  };
}

/**
 * A list that scrolls in its own box: only the rows in view (and `overscan` around them) are
 * rendered. Sizes and scroll writes go through virtualLayout, so mounting reads no layout inside
 * React's commit, and a box not laid out yet (jsdom, a hidden panel) still shows a first window.
 */
export function useVirtualList({
  scrollRef,
  initialRect,
  estimateSize,
  ...options
}: VirtualListOptions & {
  scrollRef: RefObject<HTMLElement>;
  /** The box's size until it has been laid out. */
  initialRect: Rect;
}): VirtualList {
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's own state drives its re-renders
  const virtualizer = useVirtualizer<HTMLElement, Element>({
    ...options,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    initialRect,
    observeElementRect: observeElementRectOrFallback,
    measureElement: measureElementOrEstimate,
    scrollToFn: elementScrollUnlessInPlace,
  });
  return toVirtualList(virtualizer);
}

/** A list in the page's flow, scrolled with the window; `scrollMargin` is its top in the document. */
export function useWindowVirtualList({
  scrollMargin,
  estimateSize,
  ...options
}: VirtualListOptions & { scrollMargin: number }): VirtualList {
  const virtualizer = useWindowVirtualizer<Element>({
    ...options,
    estimateSize: () => estimateSize,
    scrollMargin,
    observeElementRect: observeWindowRectOrFallback,
    measureElement: measureElementOrEstimate,
    scrollToFn: windowScrollUnlessInPlace,
  });
  return toVirtualList(virtualizer);
}
