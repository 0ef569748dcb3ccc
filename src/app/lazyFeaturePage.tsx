import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy } from 'react';

import type { Feature } from './feature';
import { useAppStore } from './hooks';
import { trackRouteLoad } from './routeLoading';
import type { AppStore } from './store';

type PageModule = { default: ComponentType };

/** React.lazy for a route page: while its code is on its way, Layout shows 'Loading...' (routeLoading.ts). */
export function routeLazy(load: () => Promise<PageModule>) {
  return lazy(() => trackRouteLoad(load()));
}

/**
 * A route page loaded on demand together with the features it needs: the features are loaded
 * into the store when the chunk arrives, before the page first renders, so its state exists.
 * Its load counts as a route on its way (routeLazy).
 */
export function lazyFeaturePage(loadPage: () => Promise<PageModule>, loadFeatures: () => Promise<Feature[]>) {
  const pages = new WeakMap<AppStore, LazyExoticComponent<ComponentType>>();
  return function FeaturePage() {
    const store = useAppStore();
    let Page = pages.get(store);
    if (!Page) {
      Page = routeLazy(async () => {
        const [page, features] = await Promise.all([loadPage(), loadFeatures()]);
        features.forEach(store.loadFeature);
        return page;
      });
      pages.set(store, Page);
    }
    return <Page />;
  };
}

/**
 * React.lazy whose page renders at once after `preload`: React 18 shows the Suspense fallback on
 * a lazy component's first render even when its chunk is already there (the import's promise
 * settles a microtask later), which between the prerendered page and the app's copy of it flashed
 * the spinner and shifted the layout (CLS 0.018 on /login). A failed preload leaves it to lazy.
 */
export function preloadableLazy(load: () => Promise<PageModule>) {
  let loaded: ComponentType | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const LazyPage = routeLazy(preload);
  function PreloadablePage() {
    const Page = loaded;
    return Page ? <Page /> : <LazyPage />;
  }
  return Object.assign(PreloadablePage, { preload });
}
