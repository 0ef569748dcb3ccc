// Redux DevTools for DevTribe: on in development (`npm start`), off in production builds unless
// they are made with DEVTRIBE_DEVTOOLS=true (the browser test's build, e2e/devtools.test.mjs).
// How to use it: README, "Debugging with Redux DevTools".
import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit';

import type { AppConfig } from '../config';

/** Lists longer than this reach DevTools as their first DEVTOOLS_LIST_LIMIT items (a 5,000-friend list would slow it down). */
export const DEVTOOLS_LIST_LIMIT = 100;

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

const shortened = new WeakMap<object, unknown>();

/**
 * `value` with every list longer than DEVTOOLS_LIST_LIMIT cut to its first items, and beside each
 * cut list a note `<key>__shortened: 'first 100 of 5000'`. Parts with nothing to cut are returned
 * as they are, and each result is kept per object: consecutive states share most of their objects,
 * so each state costs only what changed.
 */
export function shortenLongLists<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (shortened.has(value)) return shortened.get(value) as T;
  let result: unknown = value;
  if (Array.isArray(value)) {
    const kept: unknown[] = value.length > DEVTOOLS_LIST_LIMIT ? value.slice(0, DEVTOOLS_LIST_LIMIT) : value;
    const items = kept.map((item) => shortenLongLists(item));
    result = kept !== value || items.some((item, index) => item !== kept[index]) ? items : value;
  } else if (isPlainObject(value)) {
    let copy: Record<string, unknown> | null = null;
    for (const [key, child] of Object.entries(value)) {
      const next = shortenLongLists(child);
      if (next === child) continue;
      copy ??= { ...value };
      copy[key] = next;
      if (Array.isArray(child) && child.length > DEVTOOLS_LIST_LIMIT) {
        copy[`${key}__shortened`] = `first ${DEVTOOLS_LIST_LIMIT} of ${child.length}`;
      }
    }
    result = copy ?? value;
  }
  shortened.set(value, result);
  return result as T;
}

export const DEVTOOLS_OPTIONS: DevToolsEnhancerOptions = {
  name: 'DevTribe',
  // Each action keeps the stack that dispatched it: which component or saga did.
  trace: true,
  traceLimit: 25,
  // A whole session (a sign-in, a few pages, a sign-out is about 150 actions) stays in the log.
  maxAge: 500,
  // What DevTools shows and exports; the store itself keeps every item.
  actionSanitizer: (action) => shortenLongLists(action),
  stateSanitizer: (state) => shortenLongLists(state),
};

/** DevTools in development; in production only for a build made with DEVTRIBE_DEVTOOLS=true. */
export const devToolsEnabled = (config: Pick<AppConfig, 'production' | 'devTools'>) =>
  config.devTools ?? !config.production;
