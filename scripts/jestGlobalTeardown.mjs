// jest's global teardown (jest.config.js): stops the emulators scripts/jestGlobalSetup.mjs started
// (an emulator it found running is left alone) and removes their logs.
import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  const emulators = globalThis.__devtribeEmulators;
  if (!emulators) return;
  globalThis.__devtribeEmulators = undefined;
  const onSignal = globalThis.__devtribeEmulatorSignals;
  if (onSignal) {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  await emulators.stop();
  if (emulators.logDir) rmSync(emulators.logDir, { recursive: true, force: true });
}
