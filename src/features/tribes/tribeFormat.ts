// Small text helpers shared by the tribes pages.
export const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatPostTime = (ms: number) => dateTime.format(new Date(ms));

/** "Shares React and Go" for the For you sort. */
export function sharedTopicsReason(shared: readonly string[]): string | null {
  if (shared.length === 0) return null;
  if (shared.length === 1) return `Shares ${shared[0]}`;
  return `Shares ${shared.slice(0, -1).join(', ')} and ${shared[shared.length - 1]}`;
}
