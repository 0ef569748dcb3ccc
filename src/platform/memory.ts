// A periodic check of the JS heap (Chromium's performance.memory), production only: a console
// warning when usage passes 80% of the limit (spec section 9).
import type { AppConfig } from '../config';

const MEMORY_WARNING_RATIO = 0.8;
export const MEMORY_CHECK_INTERVAL_MS = 60_000;

interface HeapUsage {
  usedJSHeapSize: number;
  jsHeapSizeLimit: number;
}

export function isMemoryHigh(usage: HeapUsage, ratio = MEMORY_WARNING_RATIO): boolean {
  return usage.jsHeapSizeLimit > 0 && usage.usedJSHeapSize / usage.jsHeapSizeLimit > ratio;
}

function isHeapUsage(value: unknown): value is HeapUsage {
  if (typeof value !== 'object' || value === null) return false;
  const { usedJSHeapSize, jsHeapSizeLimit } = value as Partial<Record<keyof HeapUsage, unknown>>;
  return typeof usedJSHeapSize === 'number' && typeof jsHeapSizeLimit === 'number';
}

/** Chromium-only and not in the DOM typings: read without assuming it exists. */
function heapUsage(perf: Performance | undefined): HeapUsage | null {
  const memory: unknown = perf && 'memory' in perf ? perf.memory : undefined;
  return isHeapUsage(memory) ? memory : null;
}

/** Starts the check (where the browser exposes the heap); returns a stop function. */
export function startMemoryMonitor(
  config: Pick<AppConfig, 'production'>,
  perf: Performance | undefined = globalThis.performance,
  warn: (message: string) => void = (message) => console.warn(message),
  intervalMs = MEMORY_CHECK_INTERVAL_MS,
): () => void {
  if (!config.production || !heapUsage(perf)) return () => {};
  const timer = setInterval(() => {
    try {
      const usage = heapUsage(perf);
      if (usage && isMemoryHigh(usage)) {
        const percent = Math.round((usage.usedJSHeapSize / usage.jsHeapSizeLimit) * 100);
        warn(
          `DevTribe is using ${percent}% of the JavaScript heap limit (${Math.round(usage.usedJSHeapSize / 1048576)} MiB).`,
        );
      }
    } catch {
      // a failing check must not break the app
    }
  }, intervalMs);
  return () => clearInterval(timer);
}
