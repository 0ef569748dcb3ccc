import { captureEarlyInstallEvents } from './earlyInstallEvents';
import { appInstalledChannel, beforeInstallPromptChannel } from './installEvents';

function takeOne<T>(chan: { take(cb: (value: T) => void): void }): Promise<T> {
  return new Promise((resolve) => chan.take(resolve));
}

describe('beforeInstallPromptChannel', () => {
  test("stops the browser's own mini-infobar and hands the event to the saga", async () => {
    const target = new EventTarget();
    const chan = beforeInstallPromptChannel(target);
    const event = new Event('beforeinstallprompt', { cancelable: true });
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await expect(takeOne(chan)).resolves.toBe(event);
    chan.close();
  });

  test('keeps only the newest offer', async () => {
    const target = new EventTarget();
    const chan = beforeInstallPromptChannel(target);
    const older = new Event('beforeinstallprompt', { cancelable: true });
    const newer = new Event('beforeinstallprompt', { cancelable: true });
    target.dispatchEvent(older);
    target.dispatchEvent(newer);
    await expect(takeOne(chan)).resolves.toBe(newer);
    chan.close();
  });

  test('closing it removes the listener', () => {
    const target = new EventTarget();
    const remove = jest.spyOn(target, 'removeEventListener');
    beforeInstallPromptChannel(target).close();
    expect(remove).toHaveBeenCalledWith('beforeinstallprompt', expect.any(Function));
    const event = new Event('beforeinstallprompt', { cancelable: true });
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});

describe('appInstalledChannel', () => {
  test('emits once the app was installed, and closing removes the listener', async () => {
    const target = new EventTarget();
    const remove = jest.spyOn(target, 'removeEventListener');
    const chan = appInstalledChannel(target);
    target.dispatchEvent(new Event('appinstalled'));
    await expect(takeOne(chan)).resolves.toEqual({ installedAt: expect.any(Number) });
    chan.close();
    expect(remove).toHaveBeenCalledWith('appinstalled', expect.any(Function));
  });
});

describe('events before the saga listened (the boot listener)', () => {
  test('an offer made before the saga loaded is not lost: the channel hands it over first, and the boot listener stops', async () => {
    const target = new EventTarget();
    const early = captureEarlyInstallEvents(target);
    const older = new Event('beforeinstallprompt', { cancelable: true });
    const kept = new Event('beforeinstallprompt', { cancelable: true });
    target.dispatchEvent(older);
    target.dispatchEvent(kept);
    expect(kept.defaultPrevented).toBe(true);

    const chan = beforeInstallPromptChannel(target, early);
    await expect(takeOne(chan)).resolves.toBe(kept);
    // From now on only the channel hears offers: each arrives once.
    const later = new Event('beforeinstallprompt', { cancelable: true });
    target.dispatchEvent(later);
    await expect(takeOne(chan)).resolves.toBe(later);
    expect(early.takePrompt()).toBeNull();
    chan.close();
  });

  test('without an early offer the channel waits for the browser', async () => {
    const target = new EventTarget();
    const chan = beforeInstallPromptChannel(target, captureEarlyInstallEvents(target));
    let taken: unknown = null;
    chan.take((event) => {
      taken = event;
    });
    await Promise.resolve();
    expect(taken).toBeNull();
    chan.close();
  });

  test('an install before the saga loaded reaches it, and the offer it spent is dropped', async () => {
    const target = new EventTarget();
    const early = captureEarlyInstallEvents(target);
    target.dispatchEvent(new Event('beforeinstallprompt', { cancelable: true }));
    target.dispatchEvent(new Event('appinstalled'));

    const installed = appInstalledChannel(target, early);
    await expect(takeOne(installed)).resolves.toEqual({ installedAt: expect.any(Number) });
    expect(early.takePrompt()).toBeNull();
    installed.close();
  });
});
