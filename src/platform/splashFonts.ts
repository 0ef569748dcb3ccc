// The splash's font samples (public/index.html): text in each weight and size the signed-in pages'
// first screen sets, hidden until laid out here, one per task, while the scripts load. A font is
// loaded when text first needs it; loading them here, in short tasks while the main thread waits
// for the network, keeps that work out of the first frame with data.
import { documentParsed } from './startup';

/**
 * A new task, behind whatever the browser already has queued (script loads, the app's start). A
 * message, not a timer: nested timers are held to 4 ms apart, and the samples would take longer
 * than the app's start on a fast device.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Whether the splash is displayed (a public page has it hidden behind its form). */
const isShown = (splash: HTMLElement) =>
  typeof splash.checkVisibility === 'function' ? splash.checkVisibility() : splash.getClientRects().length > 0;

/**
 * Lays out the splash's samples one per task. Stops when the splash is not shown (a public page
 * with its form) or is gone (the app has rendered).
 */
export async function warmSplashFonts(doc: Document = document, next: () => Promise<void> = nextTask): Promise<void> {
  await documentParsed(doc);
  const splash = doc.getElementById('splash');
  if (!splash) return;
  const samples = [...splash.querySelectorAll<HTMLElement>('.fonts > [hidden]')];
  // In a task of its own, not the entry script's: reading whether it shows needs the page's style.
  await next();
  if (!splash.isConnected || !isShown(splash)) return;
  for (const [index, sample] of samples.entries()) {
    if (index > 0) await next();
    if (!sample.isConnected) return;
    sample.hidden = false;
    // Lays it out now, in this task, rather than with everything else in the next frame.
    void sample.offsetWidth;
  }
}
