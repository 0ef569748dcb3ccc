/**
 * @jest-environment node
 */
// Comments and reactions as the app writes them, over the Firebase adapter on the Firestore and
// Auth emulators with the project's firestore.rules: many people reacting to one post and one
// comment, and commenting on it, at the same moment all land, and every counter equals what it
// counts (the writes move counters by increment and read only the reaction document, so nobody's
// write waits for or overwrites anyone else's). Skipped, saying why, where the emulators are not
// running (`npm test` and `npm run jest` start them).
import type { DocData } from '../../backend/port';
import { docRef } from '../../backend/port';
import type { ReactionItem, ReactionKind } from '../../domain/conversationTypes';
import { createPost, createTribe, joinTribe } from '../../test/featureInternals';
import type { EmulatorPerson as Person } from '../../test/firebaseEmulatorSuite';
import { firebaseEmulatorSuite } from '../../test/firebaseEmulatorSuite';
import { tribeInput } from '../../test/fixtures';
import { addComment, commentsQuery, deleteComment, myReactionsQuery, toggleReaction } from './conversationsApi';

// A project of its own: the rules and documents of other suites do not mix in.
const { describeOnEmulators, person, secondDevice } = firebaseEmulatorSuite(
  'conversations on Firebase (emulators)',
  'demo-devtribe-conversations',
  180_000,
);

const actor = (p: Person) => ({ uid: p.uid, displayName: p.name, photoURL: null });
const KINDS: ReactionKind[] = ['thumbsUp', 'heart', 'rocket'];

describeOnEmulators(() => {
  /** Rita's open tribe with five members and Rita's post. */
  async function thread() {
    const owner = await person('Rita');
    const created = await createTribe(owner.backend.db, actor(owner), tribeInput({ name: 'Rustaceans' }));
    expect(created.success).toBe(true);
    const tribeId = created.tribeId!;
    const members = await Promise.all(['Ana', 'Ben', 'Cai', 'Dov', 'Eli'].map(person));
    for (const member of members)
      expect((await joinTribe(member.backend.db, actor(member), tribeId)).success).toBe(true);
    const posted = await createPost(owner.backend.db, actor(owner), tribeId, 'Borrow checker tips?');
    expect(posted.success).toBe(true);
    const post = { id: posted.postId!, tribeId, authorId: owner.uid };
    return { owner, members, tribeId, post, everyone: [owner, ...members] };
  }

  const read = async (p: Person, collection: string, id: string): Promise<DocData | null> =>
    (await p.backend.db.get(docRef(collection, id))).data;

  it('six people commenting and reacting at once all land, with exact counts', async () => {
    const { owner, members, post, everyone, tribeId } = await thread();
    const onPost: ReactionItem = { type: 'post', id: post.id, postId: post.id, tribeId, authorId: owner.uid };

    // Everyone comments and reacts with three kinds to the post, all at the same moment.
    const results = await Promise.all([
      ...everyone.map((p, i) => addComment(p.backend.db, actor(p), post, `Comment ${i} from ${p.name}`)),
      ...everyone.flatMap((p) => KINDS.map((kind) => toggleReaction(p.backend.db, p.uid, onPost, kind))),
    ]);
    expect(results.filter((result) => !result.success).map((result) => result.message)).toEqual([]);

    const postDoc = await read(owner, 'posts', post.id);
    const comments = await owner.backend.db.query(commentsQuery(post.id));
    expect(comments).toHaveLength(6);
    expect(postDoc?.commentCount).toBe(6);
    expect(postDoc?.reactionCounts).toEqual({ thumbsUp: 6, heart: 6, rocket: 6 });
    for (const p of everyone) {
      const mine = await p.backend.db.query(myReactionsQuery(post.id, p.uid));
      expect(mine.map((snap) => snap.data?.kind).sort()).toEqual([...KINDS].sort());
    }
    // Rita was told of each comment but her own, each in its own notice.
    const inbox = await read(owner, 'inboxes', owner.uid);
    expect(Object.keys((inbox?.notifications ?? {}) as DocData)).toHaveLength(5);

    // Half of them take a heart back while the others react to the first member's comment, at once.
    const target = comments.find((snap) => snap.data?.authorId === members[0]!.uid)!;
    const onComment: ReactionItem = {
      type: 'comment',
      id: target.ref.id,
      postId: post.id,
      tribeId,
      authorId: members[0]!.uid,
    };
    const second = await Promise.all([
      ...everyone.slice(0, 3).map((p) => toggleReaction(p.backend.db, p.uid, onPost, 'heart')),
      ...everyone.slice(3).map((p) => toggleReaction(p.backend.db, p.uid, onComment, 'party')),
      ...everyone.slice(3).map((p) => toggleReaction(p.backend.db, p.uid, onComment, 'eyes')),
    ]);
    expect(second.map((result) => result.success)).toEqual(Array(9).fill(true));
    expect((await read(owner, 'posts', post.id))?.reactionCounts).toEqual({ thumbsUp: 6, heart: 3, rocket: 6 });
    expect((await read(owner, 'comments', target.ref.id))?.reactionCounts).toEqual({ party: 3, eyes: 3 });

    // Three comments deleted at once (two by their authors, one by the tribe's owner): the count follows.
    const byAuthor = (p: Person) => comments.find((snap) => snap.data?.authorId === p.uid)!.ref.id;
    const deleted = await Promise.all([
      deleteComment(members[1]!.backend.db, members[1]!.uid, byAuthor(members[1]!)),
      deleteComment(members[2]!.backend.db, members[2]!.uid, byAuthor(members[2]!)),
      deleteComment(owner.backend.db, owner.uid, byAuthor(members[3]!)),
    ]);
    expect(deleted.map((result) => result.success)).toEqual([true, true, true]);
    expect((await read(owner, 'posts', post.id))?.commentCount).toBe(3);
    expect(await owner.backend.db.query(commentsQuery(post.id))).toHaveLength(3);
  });

  it('one person pressing one reaction on two devices at once: one press adds it, the other takes it back', async () => {
    const { owner, post, tribeId } = await thread();
    const ann = await person('Ann');
    expect((await joinTribe(ann.backend.db, actor(ann), tribeId)).success).toBe(true);
    const phone = await secondDevice(ann);
    const onPost: ReactionItem = { type: 'post', id: post.id, postId: post.id, tribeId, authorId: owner.uid };
    // Ann presses Rocket on her laptop and her phone in the same instant, three times over: the
    // transactions on her one reaction document serialize, so each press toggles it once.
    for (let round = 0; round < 3; round += 1) {
      const presses = await Promise.all([
        toggleReaction(ann.backend.db, ann.uid, onPost, 'rocket'),
        toggleReaction(phone.backend.db, ann.uid, onPost, 'rocket'),
      ]);
      expect(presses.map((press) => press.success)).toEqual([true, true]);
      expect(presses.map((press) => press.reacted).sort()).toEqual([false, true]);
      const count = ((await read(owner, 'posts', post.id))?.reactionCounts as DocData | undefined)?.rocket;
      const reaction = await read(owner, 'reactions', `post_${post.id}_rocket_${ann.uid}`);
      expect([count, reaction]).toEqual([0, null]);
    }
  });
});
