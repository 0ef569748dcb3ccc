import type { FeatureOf } from '../../app/feature';
import { projectsSaga } from './projectsSagas';
import reducer from './projectsSlice';

/** Loaded with the projects routes (app/lazyFeaturePage.tsx), not on the first paint. */
export const projectsFeature: FeatureOf<'projects'> = {
  key: 'projects',
  reducerPath: 'projects',
  reducer,
  saga: projectsSaga,
};
