import type { FeatureOf } from '../../app/feature';
import { friendsSaga } from './friendsSagas';
import reducer from './friendsSlice';

/** Loaded on sign-in (app/signedInFeatures.ts), not on a signed-out visitor's first paint. */
export const friendsFeature: FeatureOf<'friends'> = {
  key: 'friends',
  reducerPath: 'friends',
  reducer,
  saga: friendsSaga,
};
