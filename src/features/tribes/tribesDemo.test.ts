// A seeded demo developer can take part in the demo tribes through the API.
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../backend/local/seed';
import { createTestBackend } from '../../test/testBackend';
import { createPost, joinTribe } from './tribesApi';

it('lets a demo developer join a seeded tribe and post in it', async () => {
  const backend = await createTestBackend({ seed: true });
  try {
    const noah = DEMO_LOGINS.find((login) => login.uid === 'demo-noah')!;
    await backend.auth.signIn(noah.email, DEMO_PASSWORD);
    const me = { uid: noah.uid, displayName: noah.displayName, photoURL: null };
    expect(await joinTribe(backend.db, me, 'demo-tribe-rust')).toMatchObject({ success: true });
    expect(await createPost(backend.db, me, 'demo-tribe-rust', 'Hello, Rustaceans')).toMatchObject({ success: true });
    expect((await backend.db.get({ collection: 'users', id: noah.uid })).data).toMatchObject({ postCount: 2 });
  } finally {
    await backend.local.close();
  }
});
