// The friends writes that need the backend's write transforms: the pure decisions they follow
// (limits, windows, the new fields of both users) are in src/domain/friendsLogic.ts.
import { fieldValue } from '../../backend/port';
import type { WriteData } from '../../backend/port';
import { sendWindowStep } from '../../domain/friendsLogic';
import type { FriendsFields, SendWindow } from '../../domain/friendsLogic';

/** The profile types are interfaces (no index signature); their values are plain JSON all the same. */
export function toWriteData(fields: FriendsFields): WriteData {
  return fields as unknown as WriteData;
}

/** The window fields a send writes, or null when the sender is over the rate limit. */
export function nextSendWindow(window: SendWindow, now: number): WriteData | null {
  const step = sendWindowStep(window, now);
  if (step === 'restart') return { requestWindowStart: fieldValue.serverTimestamp(), requestWindowCount: 1 };
  return step === 'count' ? { requestWindowCount: window.count + 1 } : null;
}
