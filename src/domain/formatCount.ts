// Counts and limits as en-US writes them (1,000 characters, 12,345 members), without Intl: the
// first number format a page asks for loads the locale's number rules, about 20 ms (80 ms at 4x
// CPU), and one built while a module loaded made a signed-in page's start-up task a long one.
// Counts are whole numbers; anything else goes to toLocaleString.
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString('en-US');
  const digits = String(Math.abs(count)).replace(/\B(?=(\d{3})+$)/g, ',');
  return count < 0 ? `-${digits}` : digits;
}
