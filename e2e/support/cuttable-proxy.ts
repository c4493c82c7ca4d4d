import net from 'node:net';

export interface CuttableProxy {
  /** http://localhost:<port>: the app as seen through this link. */
  url: string;
  /** Bytes the browser sent through the link so far (request headers and bodies). */
  readonly bytesUp: number;
  /** Drops every open connection at once, as a phone losing its signal does. */
  cut(): void;
  close(): Promise<void>;
}

/**
 * A TCP link between the browser and the app on loopback, slow on the way up (like a mobile
 * uplink) and cuttable at will. Chromium's own network emulation slows a request body but does not
 * break a request already sending when it goes "offline"; a real dropped connection does.
 */
export async function startCuttableProxy(targetPort: number, upBytesPerSecond: number): Promise<CuttableProxy> {
  const sockets = new Set<net.Socket>();
  let bytesUp = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    upstream.pipe(client);
    // Up: pieces of 16 KiB, each sent when the rate allows (a token bucket of one piece).
    const queue: Buffer[] = [];
    let sending = false;
    let ended = false;
    let budgetAt = Date.now();
    const pump = () => {
      if (sending) return;
      const next = queue.shift();
      if (!next) return ended ? upstream.end() : client.resume();
      sending = true;
      const piece = next.subarray(0, 16 * 1024);
      if (piece.length < next.length) queue.unshift(next.subarray(piece.length));
      budgetAt = Math.max(budgetAt, Date.now()) + (piece.length / upBytesPerSecond) * 1000;
      setTimeout(() => {
        sending = false;
        if (upstream.destroyed) return;
        bytesUp += piece.length;
        upstream.write(piece);
        pump();
      }, budgetAt - Date.now());
    };
    client.on('data', (chunk: Buffer) => {
      queue.push(chunk);
      client.pause();
      pump();
    });
    client.on('end', () => {
      ended = true;
      pump();
    });
  });
  // Every local address (IPv4 and IPv6): the browser may try either for localhost.
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://localhost:${port}`,
    get bytesUp() {
      return bytesUp;
    },
    cut() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
