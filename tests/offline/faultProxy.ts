/**
 * A TCP proxy that breaks HTTP exchanges on purpose, for outbox fault tests. Every request
 * (each chunk that starts with an HTTP method) rolls the dice: pass, reset before forwarding,
 * forward half of it and reset, forward it whole but reset when the answer starts (the server
 * stored it, the client never hears), or stall with no answer at all.
 */
import net from 'node:net';

export type Fault = 'pass' | 'reset_before' | 'cut_request' | 'lose_answer' | 'stall';

export interface FaultProxy {
  url: string;
  /** How often each outcome was chosen. */
  counts: Record<Fault, number>;
  /** Point the proxy at another upstream port (a restarted server). */
  setTarget(port: number): void;
  /** Called with each request's first chunk as it is forwarded. */
  onRequest: ((head: string) => void) | null;
  close(): Promise<void>;
}

const REQUEST_START = /^(GET|POST|PUT|DELETE|HEAD|OPTIONS|PATCH) /;

/** A small seeded PRNG (mulberry32) so a failing run can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function startFaultProxy(targetPort: number, choose: () => Fault): Promise<FaultProxy> {
  let target = targetPort;
  const counts: Record<Fault, number> = { pass: 0, reset_before: 0, cut_request: 0, lose_answer: 0, stall: 0 };
  const sockets = new Set<net.Socket>();
  const proxy: FaultProxy = {
    url: '',
    counts,
    setTarget: (port) => {
      target = port;
    },
    onRequest: null,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };

  const server = net.createServer((client) => {
    sockets.add(client);
    const upstream = net.connect(target, '127.0.0.1');
    sockets.add(upstream);
    let fault: Fault = 'pass';
    const kill = () => {
      if (!client.destroyed) client.resetAndDestroy();
      if (!upstream.destroyed) upstream.destroy();
    };
    client.on('close', () => {
      sockets.delete(client);
      upstream.destroy();
    });
    upstream.on('close', () => {
      sockets.delete(upstream);
      if (!client.destroyed) client.end();
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', kill);

    client.on('data', (chunk: Buffer) => {
      if (REQUEST_START.test(chunk.subarray(0, 8).toString('latin1'))) {
        fault = choose();
        counts[fault] += 1;
        proxy.onRequest?.(chunk.subarray(0, 200).toString('latin1'));
      }
      switch (fault) {
        case 'reset_before':
          kill();
          return;
        case 'cut_request':
          upstream.write(chunk.subarray(0, Math.floor(chunk.length / 2)), () => setTimeout(kill, 5));
          return;
        case 'stall':
          return;
        default:
          upstream.write(chunk);
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (fault === 'lose_answer') kill();
      else if (fault !== 'stall') client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  proxy.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return proxy;
}
