import { defineFeature } from '../../app/feature';
import { exploreSaga } from './exploreSagas';
import reducer, { exploreOpened, selectExploreOpen } from './exploreSlice';

/** Loaded with the explore routes (app/lazyFeaturePage.tsx), not on the first paint. */
export const exploreFeature = defineFeature('explore', {
  reducer,
  saga: exploreSaga,
  arrivalPage: { selectOpen: selectExploreOpen, opened: exploreOpened },
});
