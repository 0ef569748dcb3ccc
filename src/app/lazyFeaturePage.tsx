import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy, useState } from 'react';

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
 * Its load counts as a route on its way (routeLazy). `preload` fetches both (a signed-in arrival,
 * app/routes.tsx): a page whose code is there and whose features this store has already loaded
 * (the arrival's reads started them, app/arrivalSagas.ts) renders at once, in the app's first
 * commit, instead of suspending for a microtask and committing the spinner first.
 */
export function lazyFeaturePage(loadPage: () => Promise<PageModule>, loadFeatures: () => Promise<Feature[]>) {
  const pages = new WeakMap<AppStore, LazyExoticComponent<ComponentType>>();
  let loaded: { Page: ComponentType; keys: Feature['key'][] } | null = null;
  const preload = () =>
    Promise.all([loadPage(), loadFeatures()]).then(([page, features]) => {
      loaded = { Page: page.default, keys: features.map((feature) => feature.key) };
      return { page, features };
    });
  function FeaturePage() {
    const store = useAppStore();
    // Chosen once per mount: a page that started lazy stays so (switching would remount it).
    const [ready] = useState(() => {
      const { loadedFeatures } = store.getState();
      return loaded !== null && loaded.keys.every((key) => loadedFeatures.includes(key)) ? loaded.Page : null;
    });
    if (ready) {
      const Ready = ready;
      return <Ready />;
    }
    let Page = pages.get(store);
    if (!Page) {
      Page = routeLazy(async () => {
        const { page, features } = await preload();
        features.forEach(store.loadFeature);
        return page;
      });
      pages.set(store, Page);
    }
    return <Page />;
  }
  return Object.assign(FeaturePage, { preload });
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
