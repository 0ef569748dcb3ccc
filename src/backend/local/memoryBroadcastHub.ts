// An in-memory stand-in for BroadcastChannel, so tests can run "two tabs" in one process.
import type { ChangeChannel, ChangeChannelFactory } from './changeFeed';

export function createMemoryBroadcastHub(): ChangeChannelFactory {
  const channelsByName = new Map<string, Set<ChangeChannel>>();
  return (name) => {
    const peers = channelsByName.get(name) ?? new Set<ChangeChannel>();
    channelsByName.set(name, peers);
    const channel: ChangeChannel = {
      onmessage: null,
      // Like BroadcastChannel: asynchronous (a microtask, so jest fake timers do not hold it back)
      // and never delivered to the sender itself.
      postMessage(message) {
        for (const peer of peers) {
          if (peer !== channel) void Promise.resolve().then(() => peer.onmessage?.({ data: message }));
        }
      },
      close() {
        peers.delete(channel);
      },
    };
    peers.add(channel);
    return channel;
  };
}
