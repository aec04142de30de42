// A stand-in for the load balancer in front of several server processes, behaving as HAProxy with
// `option httpchk GET /api/health/ready` (or a Kubernetes service, a cloud balancer) does: it asks
// each process's readiness every 50 ms and sends requests, in turn, only to those answering 200, each
// on a connection of its own; a process that refuses the connection is skipped for the next one
// (nothing was sent: safe for any method). Any other failure is answered 502.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Proxy {
  url: string;
  /** Requests each upstream answered, by its URL. */
  answered: Map<string, number>;
  /** Whether the last readiness check of `upstream` said ready. */
  isUp(upstream: string): boolean;
  close(): Promise<void>;
}

/**
 * Starts the proxy on a free port of 127.0.0.1, once every upstream was checked.
 * @example const proxy = await balancer([a.url, b.url]); await fetch(`${proxy.url}/api/health`)
 */
export async function balancer(upstreams: string[]): Promise<Proxy> {
  let next = 0;
  let open = true;
  const answered = new Map(upstreams.map((u) => [u, 0]));
  const up = new Map(upstreams.map((u) => [u, false]));
  const check = async (u: string) => {
    const ready = await fetch(`${u}/api/health/ready`, { signal: AbortSignal.timeout(1000) }).then((r) => r.status === 200, () => false);
    up.set(u, ready);
  };
  await Promise.all(upstreams.map(check));
  const checks = upstreams.map((u) => {
    const loop = async () => {
      while (open) {
        await check(u);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    return loop();
  });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries: number) => {
        const ready = upstreams.filter((u) => up.get(u));
        if (!ready.length) return void res.writeHead(502).end('proxy: no upstream ready');
        const target = ready[next++ % ready.length];
        const url = new URL(req.url ?? '/', target);
        const request = http.request(url, { method: req.method, headers: { ...req.headers, host: url.host, connection: 'close' }, agent: false }, (answer) => {
          answered.set(target, answered.get(target)! + 1);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        request.on('error', (e: NodeJS.ErrnoException) => {
          if (e.code === 'ECONNREFUSED' && tries < upstreams.length) return attempt(tries + 1);
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`proxy: ${e.code ?? e.message}`);
        });
        request.end(body);
      };
      attempt(1);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answered,
    isUp: (u) => up.get(u) === true,
    close: async () => {
      open = false;
      await Promise.all(checks);
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
