import type { AmqpChannelOption, AmqpConfirmChannelLike, AmqpReturnedMessage } from './channel-like.js';

/** The relay's channel: the current one, and what RabbitMQ returned on it as unroutable. */
export type ChannelSource = {
  /** The current channel (asks the function for one when there is none). */
  get(): Promise<AmqpConfirmChannelLike>;
  /** Forgets `channel` (closed, or a publish threw), so that the next `get` asks for a new one. */
  drop(channel: AmqpConfirmChannelLike): void;
  /** Takes note of (and consumes) the return of a message of `messageId` on `channel`. */
  takeReturned(channel: AmqpConfirmChannelLike, messageId: string): boolean;
};

/**
 * Keeps the relay's channel: a fixed channel as given, or the function's channel, cached until
 * it closes or errs (then the next delivery asks the function again: with amqplib's
 * `connect(url, { recovery })`, `() => connection.createConfirmChannel()` waits for the
 * reconnection). Listens to each channel's `return`, `close` and `error` events; listening to
 * `error` also keeps a channel error from crashing the process (the delivery fails instead).
 *
 * @example
 * const source = channelSource(() => connection.createConfirmChannel());
 * const channel = await source.get();
 */
export function channelSource(option: AmqpChannelOption): ChannelSource {
  const returned = new WeakMap<AmqpConfirmChannelLike, Map<string, number>>();
  let current: Promise<AmqpConfirmChannelLike> | undefined;
  let currentChannel: AmqpConfirmChannelLike | undefined;

  const watch = (channel: AmqpConfirmChannelLike): AmqpConfirmChannelLike => {
    if (returned.has(channel)) return channel;
    const counts = new Map<string, number>();
    returned.set(channel, counts);
    channel.on('return', ((message: AmqpReturnedMessage) => {
      const id = message?.properties?.messageId;
      if (typeof id === 'string') counts.set(id, (counts.get(id) ?? 0) + 1);
    }) as (...args: never[]) => void);
    const forget = (): void => source.drop(channel);
    channel.on('close', forget);
    channel.on('error', forget);
    return channel;
  };

  const source: ChannelSource = {
    get() {
      if (typeof option !== 'function') return Promise.resolve(watch(option));
      if (current === undefined) {
        const pending = Promise.resolve()
          .then(option)
          .then((channel) => {
            currentChannel = channel;
            return watch(channel);
          });
        current = pending;
        pending.catch(() => {
          if (current === pending) current = undefined;
        });
      }
      return current;
    },
    drop(channel) {
      if (currentChannel === channel) {
        current = undefined;
        currentChannel = undefined;
      }
    },
    takeReturned(channel, messageId) {
      const counts = returned.get(channel);
      const count = counts?.get(messageId) ?? 0;
      if (count === 0) return false;
      if (count === 1) counts?.delete(messageId);
      else counts?.set(messageId, count - 1);
      return true;
    },
  };
  return source;
}
