// The spec's permanent dismissal: localStorage holds 'true' once the prompt was closed,
// postponed, answered or made moot by an install.
import { reportError } from '../../platform/errorReporting';

export const INSTALL_PROMPT_DISMISSED_KEY = 'devtribe.installPromptDismissed';

export function readInstallPromptDismissed(storage: Storage = window.localStorage): boolean {
  try {
    return storage.getItem(INSTALL_PROMPT_DISMISSED_KEY) === 'true';
  } catch {
    // Storage can be blocked (privacy settings); then nothing was ever dismissed here.
    return false;
  }
}

export function writeInstallPromptDismissed(storage: Storage = window.localStorage): void {
  try {
    storage.setItem(INSTALL_PROMPT_DISMISSED_KEY, 'true');
  } catch (error) {
    // Still hidden for this visit (the store says so); it may show again on the next one.
    reportError(error, { description: 'Could not remember that the install prompt was dismissed:', level: 'warning' });
  }
}
