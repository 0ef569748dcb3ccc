// Small text helpers shared by the tribes pages.
import { formatCount } from '../../domain/formatCount';

export const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

// Built on first use, not when the module loads: the first date format loads the locale's rules
// (about 20 ms, 80 ms at 4x CPU), which belongs to the first post shown, not to the page's start-up.
let dateTime: Intl.DateTimeFormat | null = null;

export function formatPostTime(ms: number): string {
  dateTime ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return dateTime.format(new Date(ms));
}

/** "Shares React and Go" for the For you sort. */
export function sharedTopicsReason(shared: readonly string[]): string | null {
  if (shared.length === 0) return null;
  if (shared.length === 1) return `Shares ${shared[0]}`;
  return `Shares ${shared.slice(0, -1).join(', ')} and ${shared[shared.length - 1]}`;
}
