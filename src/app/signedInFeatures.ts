// What only a signed-in user needs, in one chunk loaded on sign-in (the session saga waits for it
// before the session shows as signed in), so a signed-out visitor's first visit never downloads it.
import { friendsFeature } from '../features/friends/friendsFeature';
import { installPromptFeature } from '../features/installPrompt/installPromptFeature';
import { notificationsFeature } from '../features/notifications/notificationsFeature';
import { safetyFeature } from '../features/safety/safetyFeature';
import type { Feature } from './feature';

export const signedInFeatures: Feature[] = [friendsFeature, notificationsFeature, safetyFeature, installPromptFeature];
