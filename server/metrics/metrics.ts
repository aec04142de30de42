/**
 * What the server counts and measures for Prometheus (`GET /metrics`, ./routes.ts): each server
 * process has its own registry (Prometheus scrapes every process; the test processes that start
 * several servers keep them apart). Metric names start with `tb_`; the process's own (CPU, memory,
 * event loop delay, garbage collection) are prom-client's defaults, `tb_process_…`.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from 5 ms to 30 s, where a screen's answer lives (300 ms is the capacity goal). */
const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5, 10, 30];

/** The metrics of one server process. */
export interface Metrics {
  registry: Registry;
  /** Answered requests by method, route (the registered pattern) and status. */
  requests: Counter<'method' | 'route' | 'status'>;
  /** Their durations, by method, route and status. */
  requestSeconds: Histogram<'method' | 'route' | 'status'>;
  /** Requests refused at once with 503 (overload: `reason` process or user). */
  refused: Counter<'reason'>;
  /** Requests being served now, and waiting for a place: read from `load` when Prometheus scrapes. */
  inFlight: Gauge;
  queued: Gauge;
  /** The load limit's places (server/ops/overload.ts sets it): counted on its own, read only at a scrape, never set per request. */
  load?: { readonly running: number; readonly queued: number };
  /** Time a query waited for a pooled database connection. */
  poolWaitSeconds: Histogram;
  /** Feed pulls and pushes of offline clients and the rows they carried (`result` of a pushed row: applied, merged, conflict, rejected). */
  syncRequests: Counter<'kind'>;
  syncRows: Counter<'kind' | 'result'>;
  /** Recomputing automatic tags: one tag over its workspace, or a workspace's (daily) tags. */
  tagRefreshSeconds: Histogram<'scope'>;
  /** Background jobs finished by kind and outcome, and their durations. */
  jobsFinished: Counter<'kind' | 'outcome'>;
  jobSeconds: Histogram<'kind'>;
  /** Batches committed by this process's job runner, by kind. */
  jobBatches: Counter<'kind'>;
}

/**
 * A fresh set of metrics in a registry of its own, with the process's default metrics.
 * @example const m = createMetrics(); m.requests.inc({ method: 'GET', route: '/api/health', status: '200' })
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'tb_' });
  const r = [registry];
  const metrics: Metrics = {
    registry,
    requests: new Counter({ name: 'tb_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers: r }),
    requestSeconds: new Histogram({ name: 'tb_http_request_duration_seconds', help: 'HTTP request durations, by method, route pattern and status', labelNames: ['method', 'route', 'status'], buckets: requestBuckets, registers: r }),
    refused: new Counter({ name: 'tb_http_refused_total', help: 'Requests refused at once with 503 past capacity (reason: process or user limit, queue full)', labelNames: ['reason'], registers: r }),
    inFlight: new Gauge({ name: 'tb_http_in_flight', help: 'Requests being served now', registers: r, collect() { this.set(metrics.load?.running ?? 0); } }),
    queued: new Gauge({ name: 'tb_http_queued', help: 'Requests waiting for a place (bounded queue)', registers: r, collect() { this.set(metrics.load?.queued ?? 0); } }),
    poolWaitSeconds: new Histogram({ name: 'tb_db_pool_wait_seconds', help: 'Time waited for a pooled PostgreSQL connection', buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30], registers: r }),
    syncRequests: new Counter({ name: 'tb_sync_requests_total', help: 'Offline clients\' feed pulls and pushes', labelNames: ['kind'], registers: r }),
    syncRows: new Counter({ name: 'tb_sync_rows_total', help: 'Rows pulled by and pushed from offline clients (pushed: by result)', labelNames: ['kind', 'result'], registers: r }),
    tagRefreshSeconds: new Histogram({ name: 'tb_tag_refresh_duration_seconds', help: 'Recomputing automatic tags over a workspace (scope tag: one tag saved; workspace: its daily tags)', labelNames: ['scope'], buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300], registers: r }),
    jobsFinished: new Counter({ name: 'tb_jobs_finished_total', help: 'Background jobs finished, by kind and outcome (done, failed)', labelNames: ['kind', 'outcome'], registers: r }),
    jobSeconds: new Histogram({ name: 'tb_job_duration_seconds', help: 'Background job durations (run time of this process)', labelNames: ['kind'], buckets: [0.1, 1, 10, 60, 300, 1800, 3600, 4 * 3600], registers: r }),
    jobBatches: new Counter({ name: 'tb_jobs_batches_total', help: 'Background job batches committed by this process, by kind', labelNames: ['kind'], registers: r }),
  };
  return metrics;
}
