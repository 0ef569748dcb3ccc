// The splash's font samples (public/index.html): text in each weight and size the signed-in pages'
// first screen sets, hidden until laid out here, one per task, while the scripts load. A font is
// loaded when text first needs it; loading them here, in short tasks while the main thread waits
// for the network, keeps that work out of the first frame with data.
import { documentParsed } from './startup';

/** A new task, behind whatever the browser already has queued (script loads, the app's start). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Lays out the splash's samples one per task. Stops when the splash is not shown (a public page
 * with its form) or is gone (the app has rendered).
 */
export async function warmSplashFonts(doc: Document = document, next: () => Promise<void> = nextTask): Promise<void> {
  await documentParsed(doc);
  const splash = doc.getElementById('splash');
  if (!splash || (typeof splash.checkVisibility === 'function' && !splash.checkVisibility())) return;
  for (const sample of splash.querySelectorAll<HTMLElement>('.fonts > [hidden]')) {
    await next();
    if (!sample.isConnected) return;
    sample.hidden = false;
    // Lays it out now, in this task of its own, rather than with everything else in the next frame.
    void sample.offsetWidth;
  }
}
