/**
 * The subscribers of each topic in this process. A broadcast is encoded once and the same
 * string is handed to every subscriber, which is what keeps fan-out to thousands of sockets
 * cheap.
 */
import { encodeBroadcast, OutFrame, type Payload } from './protocol';

export interface Subscriber {
  deliver(frame: OutFrame): void;
}

export class LocalHub {
  private readonly topics = new Map<string, Set<Subscriber>>();

  subscribe(topic: string, subscriber: Subscriber): () => void {
    let set = this.topics.get(topic);
    if (!set) {
      set = new Set();
      this.topics.set(topic, set);
    }
    set.add(subscriber);
    return () => {
      const current = this.topics.get(topic);
      if (!current) return;
      current.delete(subscriber);
      if (current.size === 0) this.topics.delete(topic);
    };
  }

  hasSubscribers(topic: string): boolean {
    return this.topics.has(topic);
  }

  /** Delivers to this process's subscribers only; returns how many got it. */
  deliver(topic: string, event: string, payload: Payload): number {
    const set = this.topics.get(topic);
    if (!set) return 0;
    const frame = new OutFrame(encodeBroadcast(topic, event, payload));
    // Copy first: a subscriber whose transport fails may unsubscribe while we iterate.
    const subscribers = [...set];
    for (const subscriber of subscribers) subscriber.deliver(frame);
    return subscribers.length;
  }

  subscriptionCount(): number {
    let n = 0;
    for (const set of this.topics.values()) n += set.size;
    return n;
  }
}
