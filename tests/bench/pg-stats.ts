/**
 * What PostgreSQL spent on a phase of a benchmark, for the write benchmarks (`bench:writes` with
 * `BENCH_PG_STATS=1`): the execution time of each statement (pg_stat_statements, when the server loads
 * it: `shared_preload_libraries=pg_stat_statements`, `pg_stat_statements.track=all` to see the
 * statements triggers run) and what the busy connections waited for, sampled every 10 ms. The
 * statements per save are exact and compare two versions on a busy machine; their times, like the
 * wall time, grow with the machine's load.
 * @example const watch = await watchPostgres(url); await work(); console.log(await watch.report(600))
 */
import pg from 'pg';

interface Row {
  query: string;
  toplevel: boolean;
  calls: string;
  total_exec_time: number;
  rows: string;
}

/** Starts watching the database of `url`: statement counters reset, wait events sampled until `report`. */
export async function watchPostgres(url: string): Promise<{ report: (saves: number) => Promise<string> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // a server that does not load the module refuses the reset: then only the waits are reported
  const stats = await client
    .query('create extension if not exists pg_stat_statements')
    .then(() => client.query('select pg_stat_statements_reset()'))
    .then(() => true, () => false);
  const waits = new Map<string, number>();
  let samples = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const r = await client.query(`select coalesce(wait_event_type || ':' || wait_event, 'CPU') as w, count(*)::int as n from pg_stat_activity
        where datname = current_database() and state = 'active' and pid <> pg_backend_pid() group by 1`);
      samples++;
      for (const { w, n } of r.rows as { w: string; n: number }[]) waits.set(w, (waits.get(w) ?? 0) + n);
      await new Promise((ok) => setTimeout(ok, 10));
    }
  })();
  return {
    async report(saves) {
      sampling = false;
      await sampler;
      const lines: string[] = [];
      if (stats) {
        const rows = (await client.query(`select query, toplevel, calls, total_exec_time, rows from pg_stat_statements
          where dbid = (select oid from pg_database where datname = current_database()) order by total_exec_time desc`)).rows as Row[];
        const top = rows.filter((r) => r.toplevel);
        const time = top.reduce((s, r) => s + r.total_exec_time, 0);
        const calls = top.reduce((s, r) => s + Number(r.calls), 0);
        lines.push(`      PostgreSQL time per save (top-level statements): ${(time / saves).toFixed(2)} ms, ${(calls / saves).toFixed(1)} statements per save`);
        for (const r of rows.slice(0, 12)) {
          const text = r.query.replace(/\s+/g, ' ').slice(0, 90);
          lines.push(`        ${(r.total_exec_time / saves).toFixed(3).padStart(7)} ms/save ${(Number(r.calls) / saves).toFixed(2).padStart(5)} calls/save ${r.toplevel ? '  ' : '↳ '}${text}`);
        }
      } else lines.push('      (no pg_stat_statements on this server)');
      const busy = [...waits].sort((a, b) => b[1] - a[1]).map(([w, n]) => `${w} ${(n / samples).toFixed(2)}`);
      lines.push(`      busy connections by wait (mean over ${samples} samples): ${busy.join(', ')}`);
      await client.end();
      return lines.join('\n');
    },
  };
}
