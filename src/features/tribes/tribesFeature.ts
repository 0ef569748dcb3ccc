import type { FeatureOf } from '../../app/feature';
import { tribesSaga } from './tribesSagas';
import reducer from './tribesSlice';

/** Loaded with the tribes routes (app/lazyFeaturePage.tsx), not on the first paint. */
export const tribesFeature: FeatureOf<'tribes'> = { key: 'tribes', reducerPath: 'tribes', reducer, saga: tribesSaga };
