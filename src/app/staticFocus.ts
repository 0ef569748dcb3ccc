// The static page (prerendered, or the splash) is live before the app takes over: a keyboard user
// may already have tabbed to one of its links or buttons. The app's first commit replaces that
// markup, which would drop the focus to <body> and send the next Tab back to the top; instead the
// app's copy of the same control takes the focus, in the same task as the commit.

interface FocusedControl {
  /** Tag, id, name, href and accessible text: what the static and the app's copy have in common. */
  key: string;
  tag: string;
  /** Among the container's elements with the same key, in document order. */
  index: number;
}

let pending: FocusedControl | null = null;
let stopWatching: () => void = () => undefined;

function keyOf(element: Element): string {
  const text = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
  return [
    element.tagName,
    element.id,
    element.getAttribute('name') ?? '',
    element.getAttribute('href') ?? '',
    text,
  ].join('|');
}

function sameControls(container: Element, tag: string, key: string): Element[] {
  return Array.from(container.getElementsByTagName(tag)).filter((candidate) => keyOf(candidate) === key);
}

function describe(container: Element, element: Element | null): FocusedControl | null {
  if (!(element instanceof HTMLElement) || element === container || !container.contains(element)) return null;
  const key = keyOf(element);
  return { key, tag: element.tagName, index: sameControls(container, element.tagName, key).indexOf(element) };
}

/** From now until adoptStaticFocus, remembers which control of the static page has the focus. */
export function watchStaticFocus(container: HTMLElement): void {
  stopWatching();
  pending = describe(container, document.activeElement);
  const onFocusIn = (event: FocusEvent) => {
    pending = describe(container, event.target as Element | null);
  };
  const onFocusOut = (event: FocusEvent) => {
    const left = event.target as Element;
    // Still in the page and the focus went nowhere in it: the person moved it away on purpose.
    // (A control the app's commit removed is no longer connected: it stays remembered.)
    queueMicrotask(() => {
      if (left.isConnected && !container.contains(document.activeElement)) pending = null;
    });
  };
  container.addEventListener('focusin', onFocusIn);
  container.addEventListener('focusout', onFocusOut);
  stopWatching = () => {
    container.removeEventListener('focusin', onFocusIn);
    container.removeEventListener('focusout', onFocusOut);
    stopWatching = () => undefined;
  };
}

/**
 * Called once, in a layout effect of the app's first commit: focuses the app's copy of the static
 * page's focused control, unless the app focused something itself.
 */
export function adoptStaticFocus(container: HTMLElement | null = document.getElementById('root')): void {
  stopWatching();
  const control = pending;
  pending = null;
  if (!control || !container) return;
  const active = document.activeElement;
  if (active !== null && active !== document.body) return;
  const candidates = sameControls(container, control.tag, control.key);
  const target = candidates[control.index] ?? candidates[0];
  if (target instanceof HTMLElement) target.focus({ preventScroll: true });
}
