// Tells subscriptions which documents changed, in this tab and (over a BroadcastChannel) in others.
import type { Unsubscribe } from '../port';

export const CHANGES_CHANNEL_NAME = 'devtribe-local-changes';

/** The part of BroadcastChannel the local backend uses; tests pass an in-memory hub. */
export interface ChangeChannel {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
}

export type ChangeChannelFactory = (name: string) => ChangeChannel;

interface ChangeMessage {
  dbName: string;
  keys: string[];
}

function isChangeMessage(data: unknown): data is ChangeMessage {
  const message = data as Partial<ChangeMessage> | null;
  return (
    typeof message === 'object' && message !== null && typeof message.dbName === 'string' && Array.isArray(message.keys)
  );
}

export function defaultChangeChannel(name: string): ChangeChannel {
  if (typeof BroadcastChannel === 'undefined') {
    return { postMessage: () => undefined, onmessage: null, close: () => undefined };
  }
  const channel = new BroadcastChannel(name);
  const wrapper: ChangeChannel = {
    postMessage: (message) => channel.postMessage(message),
    onmessage: null,
    close: () => channel.close(),
  };
  channel.onmessage = (event: MessageEvent) => wrapper.onmessage?.({ data: event.data });
  return wrapper;
}

export interface ChangeFeed {
  /** Tells this tab's listeners and every other tab that these document keys changed. */
  publish(keys: readonly string[]): void;
  listen(listener: (keys: ReadonlySet<string>) => void): Unsubscribe;
  close(): void;
}

export function createChangeFeed(channel: ChangeChannel, dbName: string): ChangeFeed {
  const listeners = new Set<(keys: ReadonlySet<string>) => void>();
  const notify = (keys: readonly string[]) => {
    const keySet = new Set(keys);
    for (const listener of [...listeners]) listener(keySet);
  };
  // Several databases may share the channel (tests, or a renamed database), so messages carry the name.
  channel.onmessage = (event) => {
    if (isChangeMessage(event.data) && event.data.dbName === dbName) notify(event.data.keys);
  };
  return {
    publish(keys) {
      if (keys.length === 0) return;
      notify(keys);
      const message: ChangeMessage = { dbName, keys: [...keys] };
      channel.postMessage(message);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      channel.onmessage = null;
      channel.close();
    },
  };
}
