// A closed-loop HTTP load: `connections` concurrent requests, each sent when the last returned,
// for `seconds`. It runs in a worker thread so the load and the server use different cores.
import { clientHeader } from '../../engine/client-header.ts';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export interface LoadOptions {
  url: string;
  body: string;
  cookie?: string;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  perSecond: number;
  /** CPU the load's own thread spent (µs, user and system): what sending and reading the requests cost. */
  loadCpuUs: number;
}

export function runLoad(opts: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL(import.meta.url), { workerData: opts, execArgv: ['--import', 'tsx'] });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

async function loop(o: LoadOptions): Promise<LoadResult> {
  const cpu = process.threadCpuUsage();
  const end = Date.now() + o.seconds * 1000;
  let requests = 0;
  let errors = 0;
  const headers = { 'content-type': 'application/json', [clientHeader]: '1', ...(o.cookie ? { cookie: o.cookie } : {}) };
  await Promise.all(
    Array.from({ length: o.connections }, async () => {
      while (Date.now() < end) {
        const res = await fetch(o.url, { method: 'POST', headers, body: o.body });
        await res.arrayBuffer();
        if (res.status === 200) requests++;
        else errors++;
      }
    }),
  );
  const used = process.threadCpuUsage(cpu);
  return { requests, errors, perSecond: requests / o.seconds, loadCpuUs: used.user + used.system };
}

if (!isMainThread && workerData?.url) parentPort!.postMessage(await loop(workerData as LoadOptions));
