// The behaviour every Backend adapter must share (auth and the document store), run against
// the local adapter always and against Firebase when emulators are configured. Access rules
// are not part of it: they have their own rule-case tables.
import { BackendError, docRef, fieldValue } from '../port';
import type { AuthUser, Backend, DocData, DocSnapshot } from '../port';

export interface BackendContractHarness {
  /** Starts an empty data set for the next test. */
  freshStore(): Promise<void>;
  /** A new client of the current data set (another tab or device), signed out. */
  newClient(): Promise<Backend>;
  closeClient(backend: Backend): Promise<void>;
  /** A collection any signed-in user may read and write; the harness must allow it. */
  scratchCollection: string;
}

const PASSWORD = 'contract-password-1';

function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@contract.devtribe.dev`;
}

function nextValue<T>(subscribe: (onNext: (value: T) => void, onError: (error: BackendError) => void) => () => void) {
  const values: T[] = [];
  const waiters: (() => void)[] = [];
  let failure: BackendError | null = null;
  const stop = subscribe(
    (value) => {
      values.push(value);
      waiters.splice(0).forEach((wake) => wake());
    },
    (error) => {
      failure = error;
      waiters.splice(0).forEach((wake) => wake());
    },
  );
  return {
    values,
    stop,
    /** Resolves once at least `count` values have arrived. */
    async waitFor(count: number, timeoutMs = 5000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      while (values.length < count) {
        if (failure) throw failure;
        if (Date.now() > deadline) throw new Error(`waited for ${count} values, got ${values.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 20);
        });
      }
      return values[count - 1] as T;
    },
  };
}

/** Parts of the contract an adapter's run leaves out, each with the reason printed when it is skipped. */
export interface ContractSkips {
  auth?: string | null;
  documentStore?: string | null;
}

/** describe, or describe.skip with the reason printed, so a skipped run says why. */
function describeUnless(skipReason: string | null | undefined, title: string, body: () => void): void {
  if (!skipReason) {
    describe(title, body);
    return;
  }
  console.info(`Skipped "${title}": ${skipReason}`);
  describe.skip(title, body);
}

export function runBackendContract(name: string, harness: BackendContractHarness, skips: ContractSkips = {}): void {
  describe(`Backend contract: ${name}`, () => {
    const clients: Backend[] = [];
    const client = async () => {
      const backend = await harness.newClient();
      clients.push(backend);
      return backend;
    };
    const signedInClient = async (label = 'user') => {
      const backend = await client();
      const user = await backend.auth.signUp({ email: uniqueEmail(label), password: PASSWORD, displayName: label });
      return { backend, user };
    };
    const scratch = (id: string) => docRef(harness.scratchCollection, id);

    beforeEach(() => harness.freshStore());
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((backend) => harness.closeClient(backend)));
    });

    describeUnless(skips.auth, 'auth', () => {
      it('reports the first auth state asynchronously, then sign-up and sign-out', async () => {
        const backend = await client();
        const states = nextValue<AuthUser | null>((onNext, onError) =>
          backend.auth.onAuthStateChanged(onNext, onError),
        );
        expect(states.values).toEqual([]);
        expect(await states.waitFor(1)).toBeNull();
        const email = uniqueEmail('ada');
        const user = await backend.auth.signUp({ email, password: PASSWORD, displayName: 'Ada' });
        expect(user).toMatchObject({ email, displayName: 'Ada' });
        expect(typeof user.uid).toBe('string');
        expect(await states.waitFor(2)).toMatchObject({ uid: user.uid });
        await backend.auth.signOut();
        expect(await states.waitFor(3)).toBeNull();
        states.stop();
      });

      it('never reports a new account without the display name it signed up with', async () => {
        const backend = await client();
        const states = nextValue<AuthUser | null>((onNext, onError) =>
          backend.auth.onAuthStateChanged(onNext, onError),
        );
        await states.waitFor(1);
        await backend.auth.signUp({ email: uniqueEmail('named'), password: PASSWORD, displayName: 'Named' });
        expect(await states.waitFor(2)).toMatchObject({ displayName: 'Named' });
        expect(states.values.filter((user) => user !== null).map((user) => user?.displayName)).toEqual(['Named']);
        states.stop();
      });

      it('signs in with the password it signed up with', async () => {
        const { backend, user } = await signedInClient('grace');
        await backend.auth.signOut();
        await expect(backend.auth.signIn(user.email as string, PASSWORD)).resolves.toMatchObject({ uid: user.uid });
      });

      it('refuses a second account for an email', async () => {
        const { backend, user } = await signedInClient();
        await backend.auth.signOut();
        await expect(
          backend.auth.signUp({ email: user.email as string, password: PASSWORD, displayName: 'Again' }),
        ).rejects.toMatchObject({ code: 'auth/email-already-in-use' });
      });

      it('rejects malformed emails and weak passwords', async () => {
        const backend = await client();
        await expect(
          backend.auth.signUp({ email: 'not an email', password: PASSWORD, displayName: 'X' }),
        ).rejects.toMatchObject({ code: 'auth/invalid-email' });
        await expect(
          backend.auth.signUp({ email: uniqueEmail('weak'), password: 'abc', displayName: 'X' }),
        ).rejects.toMatchObject({ code: 'auth/weak-password' });
      });

      it('gives one error for a wrong password and for an unknown email', async () => {
        const { backend, user } = await signedInClient();
        await backend.auth.signOut();
        await expect(backend.auth.signIn(user.email as string, 'wrong-password-1')).rejects.toMatchObject({
          code: 'auth/invalid-credential',
        });
        await expect(backend.auth.signIn(uniqueEmail('nobody'), PASSWORD)).rejects.toMatchObject({
          code: 'auth/invalid-credential',
        });
      });

      it('accepts a password reset request for any well-formed email', async () => {
        const backend = await client();
        await expect(backend.auth.sendPasswordReset(uniqueEmail('nobody'))).resolves.toBeUndefined();
      });
    });

    describeUnless(skips.documentStore, 'document store', () => {
      it('reads a missing document as null data', async () => {
        const { backend } = await signedInClient();
        await expect(backend.db.get(scratch('missing'))).resolves.toEqual({ ref: scratch('missing'), data: null });
      });

      it('reads many documents at once, in the order asked, missing ones as null', async () => {
        const { backend } = await signedInClient();
        await backend.db.commit(
          ['m1', 'm2', 'm3'].map((id, n) => ({ type: 'set' as const, ref: scratch(id), data: { n } })),
        );
        const snapshots = await backend.db.getMany([scratch('m3'), scratch('nope'), scratch('m1')]);
        expect(snapshots).toEqual([
          { ref: scratch('m3'), data: { n: 2 } },
          { ref: scratch('nope'), data: null },
          { ref: scratch('m1'), data: { n: 0 } },
        ]);
        await expect(backend.db.getMany([])).resolves.toEqual([]);
      });

      it('sets, merges, updates and deletes', async () => {
        const { backend } = await signedInClient();
        await backend.db.set(scratch('a'), { title: 'First', tags: ['x'], nested: { n: 1 } });
        await backend.db.set(scratch('a'), { title: 'Merged' }, { merge: true });
        expect((await backend.db.get(scratch('a'))).data).toEqual({ title: 'Merged', tags: ['x'], nested: { n: 1 } });
        await backend.db.set(scratch('a'), { title: 'Replaced' });
        expect((await backend.db.get(scratch('a'))).data).toEqual({ title: 'Replaced' });
        await backend.db.update(scratch('a'), { count: 2 });
        expect((await backend.db.get(scratch('a'))).data).toEqual({ title: 'Replaced', count: 2 });
        await backend.db.delete(scratch('a'));
        expect((await backend.db.get(scratch('a'))).data).toBeNull();
      });

      it('rejects an update of a missing document with not-found', async () => {
        const { backend } = await signedInClient();
        await expect(backend.db.update(scratch('missing'), { a: 1 })).rejects.toMatchObject({ code: 'not-found' });
        expect((await backend.db.get(scratch('missing'))).data).toBeNull();
      });

      it('returns fresh copies that callers may mutate', async () => {
        const { backend } = await signedInClient();
        const written = { list: [{ a: 1 }] };
        await backend.db.set(scratch('copy'), written);
        written.list.push({ a: 2 });
        const first = await backend.db.get<{ list: { a: number }[] }>(scratch('copy'));
        first.data?.list.push({ a: 3 });
        expect((await backend.db.get(scratch('copy'))).data).toEqual({ list: [{ a: 1 }] });
      });

      it('applies field transforms', async () => {
        const { backend } = await signedInClient();
        await backend.db.set(scratch('t'), { n: 1, list: [{ id: 'a' }, { id: 'b' }], gone: true });
        await backend.db.update(scratch('t'), {
          n: fieldValue.increment(2),
          missingCounter: fieldValue.increment(5),
          list: fieldValue.arrayUnion({ id: 'a' }, { id: 'c' }),
          at: fieldValue.serverTimestamp(),
          gone: fieldValue.deleteField(),
        });
        const data = (await backend.db.get(scratch('t'))).data as DocData;
        expect(data).toMatchObject({ n: 3, missingCounter: 5, list: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] });
        expect(typeof data.at).toBe('number');
        expect(data).not.toHaveProperty('gone');
        await backend.db.update(scratch('t'), { list: fieldValue.arrayRemove({ id: 'b' }, { id: 'zzz' }) });
        expect((await backend.db.get(scratch('t'))).data).toMatchObject({ list: [{ id: 'a' }, { id: 'c' }] });
      });

      it('updates map entries by field path, and merges nested maps with sentinels inside', async () => {
        const { backend } = await signedInClient();
        await backend.db.set(scratch('m'), { entries: { a: { id: 'a', n: 1 }, b: { id: 'b', n: 2 } }, count: 2 });
        await backend.db.update(scratch('m'), {
          'entries.c': { id: 'c', n: 3, at: fieldValue.serverTimestamp() },
          'entries.a': fieldValue.deleteField(),
          'entries.b.n': 5,
          count: fieldValue.increment(1),
        });
        const data = (await backend.db.get(scratch('m'))).data as { entries: Record<string, DocData>; count: number };
        expect(Object.keys(data.entries).sort()).toEqual(['b', 'c']);
        expect(data.entries.b).toEqual({ id: 'b', n: 5 });
        expect(data.entries.c).toMatchObject({ id: 'c', n: 3 });
        expect(typeof data.entries.c?.at).toBe('number');
        expect(data.count).toBe(3);
        // set with merge: nested maps merge field by field; deleteField() may stand inside them
        await backend.db.set(
          scratch('m'),
          { entries: { d: { id: 'd' }, b: fieldValue.deleteField() }, flag: true },
          { merge: true },
        );
        const merged = (await backend.db.get(scratch('m'))).data as {
          entries: Record<string, DocData>;
          flag: boolean;
          count: number;
        };
        expect(Object.keys(merged.entries).sort()).toEqual(['c', 'd']);
        expect(merged).toMatchObject({ flag: true, count: 3 });
        // a merge into a missing document creates it
        await backend.db.set(
          scratch('fresh'),
          { entries: { e: { id: 'e', at: fieldValue.serverTimestamp() } } },
          { merge: true },
        );
        const fresh = (await backend.db.get(scratch('fresh'))).data as { entries: Record<string, DocData> };
        expect(typeof fresh.entries.e?.at).toBe('number');
      });

      it('queries with where, orderBy, limit, startAfter and endAt', async () => {
        const { backend } = await signedInClient();
        const people = [
          { id: 'p1', name: 'Ada', team: 'red', score: 3, skills: ['Go', 'Rust'] },
          { id: 'p2', name: 'Bob', team: 'blue', score: 5, skills: ['Go'] },
          { id: 'p3', name: 'Cy', team: 'red', score: 5, skills: ['TS'] },
          { id: 'p4', name: 'Di', team: 'green', score: 1, skills: ['Rust'] },
          { id: 'p5', name: 'Ed', team: 'red', score: 4, skills: [] },
        ];
        await backend.db.commit(people.map(({ id, ...data }) => ({ type: 'set' as const, ref: scratch(id), data })));
        const ids = (snaps: DocSnapshot[]) => snaps.map((snap) => snap.ref.id);
        const c = harness.scratchCollection;

        expect(
          ids(
            await backend.db.query({
              collection: c,
              where: [{ field: 'team', op: '==', value: 'red' }],
              orderBy: [{ field: 'name', direction: 'asc' }],
            }),
          ),
        ).toEqual(['p1', 'p3', 'p5']);
        expect(
          ids(
            await backend.db.query({
              collection: c,
              where: [{ field: 'team', op: 'in', value: ['blue', 'green'] }],
              orderBy: [{ field: 'name', direction: 'asc' }],
            }),
          ),
        ).toEqual(['p2', 'p4']);
        expect(
          ids(
            await backend.db.query({
              collection: c,
              where: [{ field: 'skills', op: 'array-contains', value: 'Rust' }],
              orderBy: [{ field: 'name', direction: 'desc' }],
            }),
          ),
        ).toEqual(['p4', 'p1']);

        const byScore = {
          collection: c,
          orderBy: [
            { field: 'score', direction: 'desc' as const },
            { field: 'name', direction: 'asc' as const },
          ],
        };
        expect(ids(await backend.db.query(byScore))).toEqual(['p2', 'p3', 'p5', 'p1', 'p4']);
        const firstPage = await backend.db.query({ ...byScore, limit: 2 });
        expect(ids(firstPage)).toEqual(['p2', 'p3']);
        const last = firstPage[1]?.data as DocData;
        expect(
          ids(
            await backend.db.query({ ...byScore, limit: 2, startAfter: [last.score as number, last.name as string] }),
          ),
        ).toEqual(['p5', 'p1']);
        // A range bounded by both cursors: after p2, down to p1 included, whatever the limit.
        expect(
          ids(await backend.db.query({ ...byScore, limit: 50, startAfter: [5, 'Bob'], endAt: [3, 'Ada'] })),
        ).toEqual(['p3', 'p5', 'p1']);
        expect(ids(await backend.db.query({ ...byScore, limit: 50, endAt: [5, 'Cy'] }))).toEqual(['p2', 'p3']);
      });

      it('commits a batch entirely or not at all', async () => {
        const { backend } = await signedInClient();
        await backend.db.commit([
          { type: 'set', ref: scratch('b1'), data: { v: 1 } },
          { type: 'set', ref: scratch('b2'), data: { v: 2 } },
        ]);
        await expect(
          backend.db.commit([
            { type: 'update', ref: scratch('b1'), data: { v: 10 } },
            { type: 'delete', ref: scratch('b2') },
            { type: 'update', ref: scratch('missing'), data: { v: 3 } },
          ]),
        ).rejects.toMatchObject({ code: 'not-found' });
        expect((await backend.db.get(scratch('b1'))).data).toEqual({ v: 1 });
        expect((await backend.db.get(scratch('b2'))).data).toEqual({ v: 2 });
      });

      it('runs a transaction: reads, then writes atomically, and returns its result', async () => {
        const { backend } = await signedInClient();
        await backend.db.set(scratch('from'), { balance: 10 });
        await backend.db.set(scratch('to'), { balance: 0 });
        const moved = await backend.db.runTransaction(async (tx) => {
          const from = (await tx.get<{ balance: number }>(scratch('from'))).data!;
          const to = (await tx.get<{ balance: number }>(scratch('to'))).data!;
          tx.update(scratch('from'), { balance: from.balance - 4 });
          tx.update(scratch('to'), { balance: to.balance + 4 });
          return 4;
        });
        expect(moved).toBe(4);
        expect((await backend.db.get(scratch('from'))).data).toEqual({ balance: 6 });
        expect((await backend.db.get(scratch('to'))).data).toEqual({ balance: 4 });
      });

      it('writes nothing when the transaction work throws or an update misses', async () => {
        const { backend } = await signedInClient();
        await backend.db.set(scratch('x'), { v: 1 });
        await expect(
          backend.db.runTransaction(async (tx) => {
            await tx.get(scratch('x'));
            tx.update(scratch('x'), { v: 2 });
            throw new Error('changed my mind');
          }),
        ).rejects.toThrow('changed my mind');
        await expect(
          backend.db.runTransaction(async (tx) => {
            await tx.get(scratch('x'));
            tx.update(scratch('x'), { v: 3 });
            tx.update(scratch('missing'), { v: 3 });
          }),
        ).rejects.toMatchObject({ code: 'not-found' });
        expect((await backend.db.get(scratch('x'))).data).toEqual({ v: 1 });
      });

      it('gives the exact sum for concurrent transactional increments from two clients', async () => {
        const { backend: first } = await signedInClient('first');
        const { backend: second } = await signedInClient('second');
        await first.db.set(scratch('counter'), { n: 0 });
        const increment = (backend: Backend) =>
          backend.db.runTransaction(async (tx) => {
            const current = (await tx.get<{ n: number }>(scratch('counter'))).data!;
            tx.update(scratch('counter'), { n: current.n + 1 });
          });
        await Promise.all(Array.from({ length: 10 }, (_, i) => increment(i % 2 === 0 ? first : second)));
        expect((await first.db.get(scratch('counter'))).data).toEqual({ n: 10 });
      });

      it('subscribes to a document: a snapshot now, then one per change', async () => {
        const { backend } = await signedInClient();
        const snaps = nextValue<DocSnapshot>((onNext, onError) =>
          backend.db.subscribeDoc(scratch('live'), onNext, onError),
        );
        expect(snaps.values).toEqual([]);
        expect((await snaps.waitFor(1)).data).toBeNull();
        await backend.db.set(scratch('live'), { v: 1 });
        expect((await snaps.waitFor(2)).data).toEqual({ v: 1 });
        await backend.db.update(scratch('live'), { v: 2 });
        expect((await snaps.waitFor(3)).data).toEqual({ v: 2 });
        snaps.stop();
      });

      it("sees another client's writes in a query subscription", async () => {
        const { backend: watcher } = await signedInClient('watcher');
        const { backend: writer } = await signedInClient('writer');
        const spec = {
          collection: harness.scratchCollection,
          where: [{ field: 'room', op: '==' as const, value: 'r1' }],
          orderBy: [{ field: 'at', direction: 'asc' as const }],
        };
        const results = nextValue<DocSnapshot[]>((onNext, onError) => watcher.db.subscribeQuery(spec, onNext, onError));
        expect(await results.waitFor(1)).toEqual([]);
        await writer.db.set(scratch('m1'), { room: 'r1', at: 1, text: 'hello' });
        await results.waitFor(2);
        expect(results.values[results.values.length - 1]?.map((snap) => snap.data)).toEqual([
          { room: 'r1', at: 1, text: 'hello' },
        ]);
        results.stop();
      });

      it('makes unique new ids', async () => {
        const { backend } = await signedInClient();
        const ids = new Set(Array.from({ length: 200 }, () => backend.db.newId(harness.scratchCollection)));
        expect(ids.size).toBe(200);
        for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
      });
    });
  });
}
