// The network between an offline client and its server, as a test needs it: a proxy in front of the
// server that passes every request, or — cut — drops each connection unanswered, as a network gone would.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Network {
  /** The address the client is given for its server. */
  url: string;
  /** Cuts the network (`true`) or brings it back. */
  cut(down: boolean): void;
  close(): Promise<void>;
}

/**
 * A proxy to `target` on a free port of 127.0.0.1.
 * @example const net = await networkTo(server.url); net.cut(true); … net.cut(false); await net.close();
 */
export async function networkTo(target: string): Promise<Network> {
  let down = false;
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (down) return void req.socket.destroy();
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k))) as Record<string, string>;
    const r = await fetch(target + req.url, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    const body = Buffer.from(await r.arrayBuffer());
    const out: Record<string, string> = {};
    r.headers.forEach((v, k) => {
      if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(k)) out[k] = v;
    });
    res.writeHead(r.status, out).end(body);
  };
  const proxy = createServer((req, res) => void forward(req, res).catch(() => req.socket.destroy()));
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    cut: (d) => void (down = d),
    close: () => new Promise<void>((r) => proxy.close(() => r())),
  };
}
