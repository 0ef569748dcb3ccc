import { END } from 'redux-saga';

import type { Live } from '../../app/sagas';
import type { DocSnapshot, DocumentStore, QuerySpec } from '../../backend/port';
import type { MemberStatus, TribeMember } from '../../domain/tribeTypes';
import { membershipRef } from './tribeQueries';
import { tribeMembersChannel } from './tribeWatchSagas';

type Answer = (snapshots: DocSnapshot[]) => void;

/** A store whose member queries answer when the test says, one status at a time. */
function storeOfPages() {
  const pages = new Map<MemberStatus, Answer>();
  const db = {
    subscribeQuery(spec: QuerySpec, onNext: Answer) {
      const status = spec.where?.find((clause) => clause.field === 'status')?.value as MemberStatus;
      pages.set(status, onNext);
      return () => pages.delete(status);
    },
  } as unknown as DocumentStore;
  const answer = (status: MemberStatus, ...uids: string[]) =>
    pages.get(status)!(
      uids.map((uid) => ({
        ref: membershipRef('t1', uid),
        data: { tribeId: 't1', uid, displayName: uid, status, role: 'member', requestedAt: 1 },
      })),
    );
  return { db, answer, pages };
}

function collect(db: DocumentStore) {
  const channel = tribeMembersChannel(db, 't1');
  const seen: string[][] = [];
  const next = () =>
    channel.take((live: Live<TribeMember[]> | END) => {
      if (live === END) return;
      if ('value' in live) seen.push(live.value.map((member) => `${member.uid}:${member.status}`));
      next();
    });
  next();
  return { channel, seen };
}

describe('tribeMembersChannel', () => {
  it('emits once both pages have answered', () => {
    const { db, answer } = storeOfPages();
    const { seen } = collect(db);
    answer('active', 'owner');
    expect(seen).toEqual([]);
    answer('pending', 'alice');
    expect(seen).toEqual([['owner:active', 'alice:pending']]);
  });

  it('shows an approved applicant once while the pending page has yet to drop the request', () => {
    const { db, answer } = storeOfPages();
    const { seen } = collect(db);
    answer('active', 'owner');
    answer('pending', 'alice', 'bob');
    // Approval: the active page answers first.
    answer('active', 'owner', 'alice');
    expect(seen.at(-1)).toEqual(['owner:active', 'alice:active', 'bob:pending']);
    answer('pending', 'bob');
    expect(seen.at(-1)).toEqual(['owner:active', 'alice:active', 'bob:pending']);
  });

  it('shows a member who left and asked again once, as pending, whichever page answers first', () => {
    const { db, answer } = storeOfPages();
    const { seen } = collect(db);
    answer('active', 'owner', 'alice');
    answer('pending');
    answer('pending', 'alice');
    expect(seen.at(-1)).toEqual(['owner:active', 'alice:pending']);
    answer('active', 'owner');
    expect(seen.at(-1)).toEqual(['owner:active', 'alice:pending']);
  });

  it('stops every page when closed', () => {
    const { db, answer, pages } = storeOfPages();
    const { channel } = collect(db);
    answer('active', 'owner');
    channel.close();
    expect(pages.size).toBe(0);
  });
});
