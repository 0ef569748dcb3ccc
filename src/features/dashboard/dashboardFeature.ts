import { defineFeature } from '../../app/feature';
import { dashboardSaga } from './dashboardSagas';
import reducer, { dashboardOpened, selectDashboardOpen } from './dashboardSlice';

/** Loaded with the dashboard route (app/lazyFeaturePage.tsx), not on the first paint. */
export const dashboardFeature = defineFeature('dashboard', {
  reducer,
  saga: dashboardSaga,
  arrivalPage: { selectOpen: selectDashboardOpen, opened: dashboardOpened },
});
