import { autoId, createLazyDocumentStore } from './lazyDocumentStore';
import { BackendError } from './port';
import type { DocSnapshot, DocumentStore } from './port';

function fakeStore() {
  const unsubscribe = jest.fn();
  const store = {
    get: jest.fn((ref: { collection: string; id: string }) => Promise.resolve({ ref, data: { v: 1 } })),
    subscribeDoc: jest.fn((_ref: unknown, onNext: (snapshot: DocSnapshot) => void) => {
      onNext({ ref: { collection: 'c', id: 'd' }, data: null });
      return unsubscribe;
    }),
  };
  return { store: store as unknown as DocumentStore, calls: store, unsubscribe };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createLazyDocumentStore', () => {
  it('loads the store on the first call only, and delegates to it', async () => {
    const { store, calls } = fakeStore();
    const load = jest.fn(() => Promise.resolve(store));
    const db = createLazyDocumentStore(load);
    expect(load).not.toHaveBeenCalled();
    await expect(db.get({ collection: 'c', id: 'd' })).resolves.toEqual({
      ref: { collection: 'c', id: 'd' },
      data: { v: 1 },
    });
    await db.get({ collection: 'c', id: 'e' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(calls.get).toHaveBeenCalledTimes(2);
  });

  it('subscribes once loaded, and not at all when unsubscribed before that', async () => {
    const { store, calls, unsubscribe } = fakeStore();
    const db = createLazyDocumentStore(() => Promise.resolve(store));
    const early = db.subscribeDoc({ collection: 'c', id: 'd' }, jest.fn(), jest.fn());
    early();
    const onNext = jest.fn();
    const stop = db.subscribeDoc({ collection: 'c', id: 'd' }, onNext, jest.fn());
    await flush();
    expect(calls.subscribeDoc).toHaveBeenCalledTimes(1);
    expect(onNext).toHaveBeenCalledWith({ ref: { collection: 'c', id: 'd' }, data: null });
    stop();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it("answers 'unavailable' when the SDK chunk cannot be loaded, and retries later", async () => {
    const { store } = fakeStore();
    const load = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue(store);
    const db = createLazyDocumentStore(load);
    const onError = jest.fn<void, [BackendError]>();
    db.subscribeDoc({ collection: 'c', id: 'd' }, jest.fn(), onError);
    await flush();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'unavailable' }));
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(BackendError);
    await expect(db.get({ collection: 'c', id: 'd' })).resolves.toMatchObject({ data: { v: 1 } });
  });

  it('quiesce: stops every live subscription without a word, starts none until unload, and waits for the calls in flight', async () => {
    const { store, calls, unsubscribe } = fakeStore();
    let answer: (snapshot: { ref: { collection: string; id: string }; data: { v: number } }) => void = () => undefined;
    calls.get.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const db = createLazyDocumentStore(() => Promise.resolve(store));
    const onError = jest.fn();
    db.subscribeDoc({ collection: 'c', id: 'd' }, jest.fn(), onError);
    const read = db.get({ collection: 'c', id: 'slow' });
    await flush();

    let quiet = false;
    const quiescing = db.quiesce(5_000).then(() => (quiet = true));
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    db.subscribeDoc({ collection: 'c', id: 'later' }, jest.fn(), onError);
    await flush();
    expect(calls.subscribeDoc).toHaveBeenCalledTimes(1);
    expect(quiet).toBe(false);

    answer({ ref: { collection: 'c', id: 'slow' }, data: { v: 2 } });
    await quiescing;
    await expect(read).resolves.toMatchObject({ data: { v: 2 } });
    expect(onError).not.toHaveBeenCalled();

    db.unload();
    db.subscribeDoc({ collection: 'c', id: 'next-user' }, jest.fn(), onError);
    await flush();
    expect(calls.subscribeDoc).toHaveBeenCalledTimes(2);
  });

  it('quiesce gives up waiting after its bound, and a failed call counts as answered', async () => {
    jest.useFakeTimers();
    try {
      const { store, calls } = fakeStore();
      calls.get
        .mockImplementationOnce(() => Promise.reject(new Error('offline')))
        .mockImplementationOnce(() => new Promise(() => undefined));
      const db = createLazyDocumentStore(() => Promise.resolve(store));
      await expect(db.get({ collection: 'c', id: 'failed' })).rejects.toThrow('offline');
      void db.get({ collection: 'c', id: 'never' });
      let quiet = false;
      const quiescing = db.quiesce(5_000).then(() => (quiet = true));
      await jest.advanceTimersByTimeAsync(4_999);
      expect(quiet).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await quiescing;
      expect(quiet).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('makes Firestore-style ids without loading anything', () => {
    const load = jest.fn();
    const db = createLazyDocumentStore(load);
    const ids = new Set(Array.from({ length: 200 }, () => db.newId('posts')));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(load).not.toHaveBeenCalled();
    expect(autoId((count) => new Uint8Array(count).fill(255).map((_, i) => (i % 2 ? 255 : 0)))).toBe('A'.repeat(20));
  });
});
