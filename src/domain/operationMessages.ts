// The sentences every feature's operations share, so tribes and conversations word them alike.
import { formatCount } from './formatCount';

/** An operation that failed, e.g. "Could not join the tribe: offline". */
export const failedMessage = (what: string, detail: string) => `Could not ${what}: ${detail}`;

/** Text over its limit, e.g. "A post can be at most 5,000 characters (this one has 5,012)". */
export const tooLongMessage = (what: string, max: number, length: number) =>
  `${what} can be at most ${formatCount(max)} characters (this one has ${formatCount(length)})`;
