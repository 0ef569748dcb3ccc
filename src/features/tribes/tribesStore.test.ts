// The whole loop on the real store (reducers + root saga) over the local adapter: Alice and Bob
// in two tabs of one browser, each with their own store, seeing each other's changes live.
import { TRIBE_MESSAGES } from '../../domain/tribeMessages';
import type { TribeInput } from '../../domain/tribeTypes';
import { tribeInput } from '../../test/fixtures';
import type { TestStore } from '../../test/setupTestStore';
import { setupTwoUsers } from '../../test/twoUsers';
import type { TestTab, TwoUsers } from '../../test/twoUsers';
import { feedPosts } from './feedRanges';
import {
  approveRequested,
  createRequested,
  declineRequested,
  deletePostRequested,
  joinRequested,
  leaveRequested,
  postRequested,
  tribeOpened,
} from './tribesSlice';
import type { TribesState } from './tribesSlice';

let env: TwoUsers;
const storeFor = (tab: TestTab): Promise<TestStore> => env.storeFor(tab);

beforeEach(async () => {
  env = await setupTwoUsers();
});
afterEach(async () => {
  await env.close();
});

const tribesOf = (testStore: TestStore): TribesState => testStore.store.getState().tribes;
const input = (overrides: Partial<TribeInput> = {}): TribeInput =>
  tribeInput({ tagline: 'Fearless concurrency', ...overrides });

async function createAndOpen(owner: TestStore, overrides: Partial<TribeInput> = {}): Promise<string> {
  owner.store.dispatch(createRequested(input(overrides)));
  const state = await owner.waitFor((s) => s.tribes.create.status === 'succeeded');
  const tribeId = state.tribes.create.tribeId!;
  owner.store.dispatch(tribeOpened({ tribeId }));
  await owner.waitFor((s) => s.tribes.details.status === 'ready' && s.tribes.details.membership?.role === 'owner');
  return tribeId;
}

it("joins, posts once on a double click, shows the post live on the other tab and follows the author's postCount", async () => {
  const alice = await storeFor(env.alice);
  const bob = await storeFor(env.bob);
  const tribeId = await createAndOpen(alice);

  bob.store.dispatch(tribeOpened({ tribeId }));
  await bob.waitFor((s) => s.tribes.details.status === 'ready');
  bob.store.dispatch(joinRequested({ tribeId }));
  await bob.waitFor((s) => s.tribes.details.membership?.status === 'active');
  await alice.waitFor((s) => s.tribes.details.tribe?.memberCount === 2 && s.tribes.details.members.length === 2);

  bob.store.dispatch(postRequested({ tribeId, body: 'Hello from Bob' }));
  bob.store.dispatch(postRequested({ tribeId, body: 'Hello from Bob' }));
  await bob.waitForAction('tribes/operationFinished', { includePast: true });
  const state = await alice.waitFor(
    (s) => feedPosts(s.tribes.details.feed).length === 1 && s.tribes.details.tribe?.postCount === 1,
  );
  const [post] = feedPosts(state.tribes.details.feed);
  expect(post).toMatchObject({ body: 'Hello from Bob', authorId: env.bob.uid, authorName: 'Bob' });
  expect(await env.admin.db.query({ collection: 'posts' })).toHaveLength(1);
  await bob.waitFor((s) => s.session.user?.profile.postCount === 1);

  bob.store.dispatch(deletePostRequested({ tribeId, postId: post!.id }));
  await alice.waitFor((s) => feedPosts(s.tribes.details.feed).length === 0 && s.tribes.details.tribe?.postCount === 0);
  await bob.waitFor((s) => s.session.user?.profile.postCount === 0);
  expect(tribesOf(bob).lastOutcome).toMatchObject({
    operation: 'deletePost',
    success: true,
    message: TRIBE_MESSAGES.postDeleted,
  });

  bob.store.dispatch(leaveRequested({ tribeId }));
  await alice.waitFor((s) => s.tribes.details.tribe?.memberCount === 1);
  await bob.waitFor((s) => s.tribes.details.membership === null);
});

it('lets the owner see a join request live, decline it, and approve the next one', async () => {
  const alice = await storeFor(env.alice);
  const bob = await storeFor(env.bob);
  const tribeId = await createAndOpen(alice, { name: 'Gophers', joinPolicy: 'request' });
  bob.store.dispatch(tribeOpened({ tribeId }));
  await bob.waitFor((s) => s.tribes.details.status === 'ready');

  bob.store.dispatch(joinRequested({ tribeId }));
  await bob.waitFor((s) => s.tribes.details.membership?.status === 'pending');
  await alice.waitFor((s) => s.tribes.details.members.some((m) => m.uid === env.bob.uid && m.status === 'pending'));

  alice.store.dispatch(declineRequested({ tribeId, uid: env.bob.uid }));
  await bob.waitFor((s) => s.tribes.details.membership === null);
  expect(tribesOf(alice).lastOutcome).toMatchObject({
    operation: 'decline',
    success: true,
    message: TRIBE_MESSAGES.declined,
  });

  bob.store.dispatch(joinRequested({ tribeId }));
  await alice.waitFor((s) => s.tribes.details.members.some((m) => m.uid === env.bob.uid && m.status === 'pending'));
  alice.store.dispatch(approveRequested({ tribeId, uid: env.bob.uid }));
  await bob.waitFor(
    (s) => s.tribes.details.membership?.status === 'active' && s.tribes.details.tribe?.memberCount === 2,
  );
});

it('shows an unknown tribe id as not found, and a second join as a message that changes nothing', async () => {
  const alice = await storeFor(env.alice);
  const bob = await storeFor(env.bob);
  bob.store.dispatch(tribeOpened({ tribeId: 'no-such-tribe' }));
  await bob.waitFor((s) => s.tribes.details.status === 'notFound');

  const tribeId = await createAndOpen(alice);
  alice.store.dispatch(joinRequested({ tribeId }));
  await alice.waitFor((s) => s.tribes.lastOutcome?.operation === 'join');
  expect(tribesOf(alice).lastOutcome).toMatchObject({ success: false, message: TRIBE_MESSAGES.alreadyMember });
  expect(await env.rawDoc('tribes', tribeId)).toMatchObject({ memberCount: 1 });
});
