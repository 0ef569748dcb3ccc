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
