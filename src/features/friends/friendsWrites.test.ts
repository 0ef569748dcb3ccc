import { fieldValue } from '../../backend/port';
import { sendWindowOf } from '../../domain/friendsLogic';
import { nextSendWindow } from './friendsWrites';

const NOW = Date.UTC(2026, 10, 22, 10, 0, 0);

describe('friendsWrites', () => {
  it('counts each request in the rate window, restarting it at the server time once surely over', () => {
    expect(nextSendWindow(sendWindowOf(null), NOW)).toEqual({ requestWindowStart: fieldValue.serverTimestamp(), requestWindowCount: 1 });
    expect(nextSendWindow({ start: NOW - 30_000, count: 3 }, NOW)).toEqual({ requestWindowCount: 4 });
    expect(nextSendWindow({ start: NOW - 30_000, count: 10 }, NOW)).toBeNull();
    // a device clock a little fast must not restart a window the server still counts
    expect(nextSendWindow({ start: NOW - 61_000, count: 10 }, NOW)).toBeNull();
    expect(nextSendWindow({ start: NOW - 61_000, count: 4 }, NOW)).toEqual({ requestWindowCount: 5 });
    expect(nextSendWindow({ start: NOW - 66_000, count: 10 }, NOW)).toEqual({ requestWindowStart: fieldValue.serverTimestamp(), requestWindowCount: 1 });
    expect(sendWindowOf({ requestWindowStart: 'x', requestWindowCount: -3 })).toEqual({ start: null, count: 0 });
  });
});
