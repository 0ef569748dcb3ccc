import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy } from 'react';

import type { Feature } from './feature';
import { useAppStore } from './hooks';
import type { AppStore } from './store';

type PageModule = { default: ComponentType };

/**
 * A route page loaded on demand together with the features it needs: the features are loaded
 * into the store when the chunk arrives, before the page first renders, so its state exists.
 */
export function lazyFeaturePage(loadPage: () => Promise<PageModule>, loadFeatures: () => Promise<Feature[]>) {
  const pages = new WeakMap<AppStore, LazyExoticComponent<ComponentType>>();
  return function FeaturePage() {
    const store = useAppStore();
    let Page = pages.get(store);
    if (!Page) {
      Page = lazy(async () => {
        const [page, features] = await Promise.all([loadPage(), loadFeatures()]);
        features.forEach(store.loadFeature);
        return page;
      });
      pages.set(store, Page);
    }
    return <Page />;
  };
}
