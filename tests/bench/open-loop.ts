/**
 * An open-loop load generator, run as a process of its own by `npm run bench:load`
 * (tests/bench/capacity.ts): requests leave at a fixed offered rate whatever the server answers —
 * the i-th at `start + i / rate`, spread over the target servers in turn (a client-side balancer) —
 * so a slow server meets more waiting requests, as it would from a country's users, instead of
 * fewer (a closed loop). A request's latency counts from when it was due, not from when the generator
 * got round to sending it. A request not answered in `timeoutMs` counts as an error.
 *
 * Input (JSON on stdin): {@link OpenLoopPlan}. Output (JSON on stdout): {@link OpenLoopResult}.
 * @example echo '{"targets":["http://127.0.0.1:3000"],"rate":50,"seconds":10,…}' | node --import tsx tests/bench/open-loop.ts
 */
import { clientHeader } from '../../engine/client-header.ts';

/** One request of the mix: a method, a path, a body for a POST, the session cookie to send. */
export interface PlannedRequest {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export interface OpenLoopPlan {
  targets: string[];
  /** Session cookies, used in turn. */
  cookies: string[];
  rate: number;
  seconds: number;
  timeoutMs: number;
  /** The requests, sent in this order, round and round. */
  requests: PlannedRequest[];
}

export interface OpenLoopResult {
  offered: number;
  ok: number;
  /** Failures by kind: `503`, `500`, `timeout`, `network`… */
  errors: Record<string, number>;
  /** Latencies in ms of every request (failed ones included), sorted. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** How late the generator sent requests behind their due time, at worst (ms): a generator short of CPU. */
  sendLagMax: number;
  byKind: Record<string, { n: number; p99: number }>;
}

/** The nearest-rank percentile `p` of sorted `xs`. */
export const percentile = (xs: number[], p: number): number => (xs.length ? xs[Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1))] : 0);

async function run(plan: OpenLoopPlan): Promise<OpenLoopResult> {
  const total = Math.round(plan.rate * plan.seconds);
  const latencies: number[] = [];
  const kinds = new Map<string, number[]>();
  const errors: Record<string, number> = {};
  let ok = 0;
  let sendLagMax = 0;
  const start = performance.now() + 50;
  const send = async (i: number) => {
    const due = start + (i * 1000) / plan.rate;
    sendLagMax = Math.max(sendLagMax, performance.now() - due);
    const r = plan.requests[i % plan.requests.length];
    const target = plan.targets[i % plan.targets.length];
    const headers: Record<string, string> = { [clientHeader]: '1', cookie: plan.cookies[i % plan.cookies.length] };
    if (r.body !== undefined) headers['content-type'] = 'application/json';
    let failure: string | undefined;
    try {
      const res = await fetch(`${target}${r.path}`, {
        method: r.method,
        headers,
        body: r.body === undefined ? undefined : JSON.stringify(r.body),
        signal: AbortSignal.timeout(plan.timeoutMs),
      });
      await res.arrayBuffer();
      if (res.status !== 200) failure = String(res.status);
    } catch (e) {
      failure = (e as Error).name === 'TimeoutError' ? 'timeout' : 'network';
    }
    const ms = performance.now() - due;
    latencies.push(ms);
    (kinds.get(r.kind) ?? kinds.set(r.kind, []).get(r.kind)!).push(ms);
    if (failure) errors[failure] = (errors[failure] ?? 0) + 1;
    else ok++;
  };
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / plan.rate - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(i));
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  const byKind: OpenLoopResult['byKind'] = {};
  for (const [k, xs] of kinds) byKind[k] = { n: xs.length, p99: Math.round(percentile(xs.sort((a, b) => a - b), 99)) };
  const round = (x: number) => Math.round(x * 10) / 10;
  return { offered: total, ok, errors, p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)), p99: round(percentile(latencies, 99)), max: round(latencies.at(-1) ?? 0), sendLagMax: round(sendLagMax), byKind };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  process.stdout.write(`${JSON.stringify(await run(JSON.parse(input) as OpenLoopPlan))}\n`);
  process.exit(0);
}
