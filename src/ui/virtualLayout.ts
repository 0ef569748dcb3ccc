// Options shared by the virtualized lists (@tanstack/react-virtual), for the case where there is
// no layout to measure: jsdom in tests, or a list inside a hidden element. There the defaults
// would measure 0 and render either no rows or every row; these render a first window instead.
import type { Rect, Virtualizer } from '@tanstack/react-virtual';
import { measureElement, observeElementRect, observeWindowRect } from '@tanstack/react-virtual';

/** The viewport assumed when the real one measures 0 by 0 (a small laptop screen). */
export const NO_LAYOUT_RECT: Rect = { width: 1024, height: 768 };

const orFallback = (rect: Rect): Rect => (rect.width > 0 || rect.height > 0 ? rect : NO_LAYOUT_RECT);

export function observeElementRectOrFallback<S extends Element, I extends Element>(
  instance: Virtualizer<S, I>,
  onRect: (rect: Rect) => void,
) {
  return observeElementRect(instance, (rect) => onRect(orFallback(rect)));
}

export function observeWindowRectOrFallback<I extends Element>(instance: Virtualizer<Window, I>, onRect: (rect: Rect) => void) {
  return observeWindowRect(instance, (rect) => onRect(orFallback(rect)));
}

/** The element's measured size, or the estimate while it has none. */
export function measureElementOrEstimate<S extends Element | Window, I extends Element>(
  element: I,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<S, I>,
) {
  const size = measureElement(element, entry, instance);
  if (size > 0) return size;
  const index = instance.indexFromElement(element);
  return instance.options.estimateSize(index);
}
