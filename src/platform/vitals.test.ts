import { firstInputDelay, keepVitalForBench, observeFirstInputDelay, startVitals, VITAL_MARK_PREFIX } from './vitals';
import type { VitalReport, WebVitals } from './vitals';

/** A PerformanceObserver double that delivers the given entries when observe() is called. */
function fakeObserver(entries: object[], supported = ['first-input']) {
  const disconnect = jest.fn();
  class FakeObserver {
    static supportedEntryTypes = supported;
    constructor(private readonly callback: (list: { getEntries(): object[] }) => void) {}
    observe() {
      this.callback({ getEntries: () => entries });
    }
    disconnect = disconnect;
  }
  return { Observer: FakeObserver as unknown as typeof PerformanceObserver, disconnect };
}

describe('FID', () => {
  it('is the time from the first input to the start of its processing', () => {
    expect(firstInputDelay({ startTime: 1000, processingStart: 1016.5 })).toBe(16.5);
    expect(firstInputDelay({ startTime: 1000, processingStart: 999 })).toBe(0);
  });

  it('is reported once from the first-input entry', () => {
    const reports: VitalReport[] = [];
    const { Observer, disconnect } = fakeObserver([
      { name: 'pointerdown', entryType: 'first-input', startTime: 500, processingStart: 542 },
    ]);
    observeFirstInputDelay((report) => reports.push(report), Observer);
    expect(reports).toEqual([{ name: 'FID', value: 42, id: 'fid-500' }]);
    expect(disconnect).toHaveBeenCalled();
  });

  it('is skipped where the browser has no first-input entries', () => {
    const report = jest.fn();
    observeFirstInputDelay(report, fakeObserver([], []).Observer);
    observeFirstInputDelay(report, undefined);
    expect(report).not.toHaveBeenCalled();
  });
});

describe('startVitals', () => {
  it('loads nothing outside production', async () => {
    const load = jest.fn();
    await expect(startVitals({ production: false }, jest.fn(), load)).resolves.toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('reports CLS, FCP, LCP, TTFB and INP from web-vitals', async () => {
    const reports: VitalReport[] = [];
    const on =
      (name: string) => (callback: (metric: { name: string; value: number; id: string; rating: string }) => void) =>
        callback({ name, value: 1, id: `v-${name}`, rating: 'good' });
    const fake = { onCLS: on('CLS'), onFCP: on('FCP'), onLCP: on('LCP'), onTTFB: on('TTFB'), onINP: on('INP') };
    const load = () => Promise.resolve(fake as unknown as WebVitals);
    await expect(startVitals({ production: true }, (report) => reports.push(report), load)).resolves.toBe(true);
    expect(reports.map((report) => report.name).sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
  });

  it('carries on when the web-vitals chunk cannot be loaded', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(
      startVitals({ production: true }, jest.fn(), () => Promise.reject(new Error('offline'))),
    ).resolves.toBe(false);
  });
});

describe('keepVitalForBench', () => {
  it('leaves a performance mark per report, its figure in the detail', () => {
    const mark = jest.fn();
    keepVitalForBench({ name: 'INP', value: 48, id: 'v-1', rating: 'good' }, { mark });
    expect(mark).toHaveBeenCalledWith(`${VITAL_MARK_PREFIX}INP`, { detail: { value: 48, id: 'v-1', rating: 'good' } });
    expect(VITAL_MARK_PREFIX).toBe('devtribe:vital:');
  });

  it('never throws when a mark cannot be made', () => {
    const mark = () => {
      throw new TypeError('detail not supported');
    };
    expect(() => keepVitalForBench({ name: 'LCP', value: 1, id: 'x' }, { mark })).not.toThrow();
    expect(() => keepVitalForBench({ name: 'LCP', value: 1, id: 'x' }, undefined)).not.toThrow();
  });
});
