// A closed-loop HTTP load: `connections` concurrent requests, each sent when the last returned,
// for `seconds`. It runs in a worker thread so the load and the server use different cores; the
// worker stays up between runs, so its fetch is compiled and its connections open when a run starts.
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

/** A load thread: `run` one load after another on it, then `close` it. */
export interface Load {
  run(opts: LoadOptions): Promise<LoadResult>;
  close(): Promise<void>;
}

/**
 * Starts a load thread.
 * @example const load = startLoad(); const r = await load.run({ url, body, connections: 16, seconds: 3 }); await load.close();
 */
export function startLoad(): Load {
  const w = new Worker(new URL(import.meta.url), { workerData: { load: true }, execArgv: ['--import', 'tsx'] });
  return {
    run: (opts) =>
      new Promise((resolve, reject) => {
        w.once('message', resolve);
        w.once('error', reject);
        w.postMessage(opts);
      }),
    close: async () => {
      await w.terminate();
    },
  };
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

if (!isMainThread && workerData?.load) parentPort!.on('message', async (o: LoadOptions) => parentPort!.postMessage(await loop(o)));
