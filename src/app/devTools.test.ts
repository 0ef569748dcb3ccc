// What Redux DevTools is given: very long lists cut to their first items, with a note of the full
// length; everything else as it is, the same objects (DevTools compares states by reference too).
import { DEVTOOLS_LIST_LIMIT, DEVTOOLS_OPTIONS, devToolsEnabled, shortenLongLists } from './devTools';

const friend = (index: number) => ({
  id: `u${index}`,
  displayName: `Friend ${index}`,
  photoURL: null,
  addedAt: '2026-11-22T09:00:00.000Z',
});
const friends = (count: number) => Array.from({ length: count }, (_, index) => friend(index));

it('cuts a 5,000-friend list to its first items and notes how long it was', () => {
  const list = friends(5000);
  const state = {
    session: { user: { uid: 'me', profile: { friends: list, friendCount: 5000 } } },
    friends: { friends: list, listStatus: 'ready' },
  };
  const shown = shortenLongLists(state);
  expect(shown.friends.friends).toEqual(list.slice(0, DEVTOOLS_LIST_LIMIT));
  expect(shown.friends).toEqual({
    friends: list.slice(0, DEVTOOLS_LIST_LIMIT),
    friends__shortened: `first ${DEVTOOLS_LIST_LIMIT} of 5000`,
    listStatus: 'ready',
  });
  expect(shown.session.user.profile.friends).toHaveLength(DEVTOOLS_LIST_LIMIT);
  expect(shown.session.user.profile.friendCount).toBe(5000);
  // The store's own state is untouched.
  expect(state.friends.friends).toHaveLength(5000);
});

it('leaves short lists and everything else as the same objects, and answers the same state with the same result', () => {
  const state = { friends: { friends: friends(3) }, session: { status: 'signedIn' } };
  expect(shortenLongLists(state)).toBe(state);
  const long = { ...state, explore: { people: friends(DEVTOOLS_LIST_LIMIT + 1) } };
  const shown = shortenLongLists(long);
  expect(shown.friends).toBe(state.friends);
  expect(shortenLongLists(long)).toBe(shown);
});

it('shortens actions too, keeping their type', () => {
  const action = { type: 'friends/listLoaded', payload: { friends: friends(5000) } };
  const shown = DEVTOOLS_OPTIONS.actionSanitizer?.(action, 1);
  expect(shown?.type).toBe('friends/listLoaded');
  expect((shown as typeof action).payload.friends).toHaveLength(DEVTOOLS_LIST_LIMIT);
});

it('is on in development, off in production unless the build asked for it', () => {
  expect(devToolsEnabled({ production: false })).toBe(true);
  expect(devToolsEnabled({ production: true })).toBe(false);
  expect(devToolsEnabled({ production: true, devTools: true })).toBe(true);
  expect(DEVTOOLS_OPTIONS).toMatchObject({ name: 'DevTribe', trace: true });
});
