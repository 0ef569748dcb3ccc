import { isMemoryHigh, MEMORY_CHECK_INTERVAL_MS, startMemoryMonitor } from './memory';

const perfWith = (usedJSHeapSize: number, jsHeapSizeLimit = 100) =>
  ({ memory: { usedJSHeapSize, jsHeapSizeLimit } }) as unknown as Performance;

describe('the memory warning threshold', () => {
  it('is crossed above 80% of the heap limit', () => {
    expect(isMemoryHigh({ usedJSHeapSize: 80, jsHeapSizeLimit: 100 })).toBe(false);
    expect(isMemoryHigh({ usedJSHeapSize: 80.1, jsHeapSizeLimit: 100 })).toBe(true);
    expect(isMemoryHigh({ usedJSHeapSize: 10, jsHeapSizeLimit: 0 })).toBe(false);
  });
});

describe('startMemoryMonitor', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('warns on each check while usage is high', () => {
    const warn = jest.fn();
    const stop = startMemoryMonitor({ production: true }, perfWith(90), warn);
    expect(warn).not.toHaveBeenCalled();
    jest.advanceTimersByTime(MEMORY_CHECK_INTERVAL_MS);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('90%'));
    stop();
    jest.advanceTimersByTime(MEMORY_CHECK_INTERVAL_MS);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('stays quiet below the threshold, outside production and without performance.memory', () => {
    const warn = jest.fn();
    startMemoryMonitor({ production: true }, perfWith(50), warn);
    startMemoryMonitor({ production: false }, perfWith(99), warn);
    startMemoryMonitor({ production: true }, {} as Performance, warn);
    jest.advanceTimersByTime(MEMORY_CHECK_INTERVAL_MS * 3);
    expect(warn).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(1);
  });
});
