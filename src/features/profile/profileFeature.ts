import { defineFeature } from '../../app/feature';
import { profileSaga } from './profileSagas';
import reducer from './profileViewSlice';

/** Loaded with the profile routes (app/lazyFeaturePage.tsx), not on the first paint. */
export const profileFeature = defineFeature('profileView', { reducer, saga: profileSaga });
