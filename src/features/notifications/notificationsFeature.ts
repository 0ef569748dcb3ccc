import type { FeatureOf } from '../../app/feature';
import { notificationsSaga } from './notificationsSagas';
import reducer from './notificationsSlice';

/** Loaded on sign-in (app/signedInFeatures.ts), not on a signed-out visitor's first paint. */
export const notificationsFeature: FeatureOf<'notifications'> = {
  key: 'notifications',
  reducerPath: 'notifications',
  reducer,
  saga: notificationsSaga,
};
