import { defineFeature } from '../../app/feature';
import { installPromptSaga } from './installPromptSagas';
import reducer from './installPromptSlice';

/**
 * Loaded on sign-in (app/signedInFeatures.ts): the card is for signed-in users on /dashboard. A
 * `beforeinstallprompt` that comes earlier is kept for it by earlyInstallEvents.ts.
 */
export const installPromptFeature = defineFeature('installPrompt', { reducer, saga: installPromptSaga });
