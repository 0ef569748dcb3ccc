import type { Feature, FeatureOf } from '../../app/feature';
import { commentsSaga } from './commentsSagas';
import commentsReducer from './commentsSlice';
import { reactionsSaga } from './reactionsSagas';
import reactionsReducer from './reactionsSlice';

/** Loaded with the tribe page (app/routes.tsx), not on the first paint: comments under its posts. */
export const commentsFeature: FeatureOf<'comments'> = {
  key: 'comments',
  reducerPath: 'comments',
  reducer: commentsReducer,
  saga: commentsSaga,
};

/** Loaded with the tribe page: reactions on its posts and their comments. */
export const reactionsFeature: FeatureOf<'reactions'> = {
  key: 'reactions',
  reducerPath: 'reactions',
  reducer: reactionsReducer,
  saga: reactionsSaga,
};

export const conversationsFeatures: Feature[] = [commentsFeature, reactionsFeature];
