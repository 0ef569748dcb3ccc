import type { FeatureOf } from '../../app/feature';
import { safetySaga } from './safetySagas';
import reducer from './safetySlice';

/** Loaded on sign-in (app/signedInFeatures.ts): blocks, mutes, reports and moderation are signed-in matters. */
export const safetyFeature: FeatureOf<'safety'> = { key: 'safety', reducerPath: 'safety', reducer, saga: safetySaga };
