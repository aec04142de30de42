/**
 * CPU time of a database server's processes, read from Linux's /proc: what PostgreSQL spent on a
 * benchmark's turn, beside the Node threads' own (`process.threadCpuUsage`). Elsewhere (no /proc)
 * it reads nothing and the benchmark says nothing of it.
 * @example const pg = await postgresCpu(url); const before = pg.read(); … pg.usedSince(before) // 1_830_000 µs
 */
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** A process's parent and the microseconds of CPU (user and system) it has used, or undefined when /proc cannot say. */
function processStat(pid: number): { parent: number; cpuUs: number } | undefined {
  try {
    // the fields after the command's closing parenthesis: the state is the 1st, the parent the 2nd, utime the 12th, stime the 13th
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { parent: Number(fields[1]), cpuUs: ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100 }; // clock ticks of 1/100 s
  } catch {
    return undefined;
  }
}

/** The CPU each process used until one moment, by pid. */
export type CpuReading = Map<number, number>;

/**
 * The PostgreSQL of `url`, on this machine: `read()` takes the CPU of its postmaster's every child
 * (backends, including connections opened later, and background workers), `usedSince(reading)` what
 * they spent since — a process started since counts whole, one ended since counts nothing; undefined
 * when /proc says nothing.
 */
export async function postgresCpu(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows: [{ pid }] } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const postmaster = processStat(pid)?.parent; // read while the backend lives
  await client.end();
  const read = (): CpuReading => {
    const out: CpuReading = new Map();
    if (postmaster === undefined) return out;
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const stat = processStat(Number(name));
      if (stat?.parent === postmaster) out.set(Number(name), stat.cpuUs);
    }
    return out;
  };
  return {
    read,
    usedSince: (before: CpuReading): number | undefined => {
      if (!before.size) return undefined;
      let used = 0;
      for (const [pid, us] of read()) used += us - (before.get(pid) ?? 0);
      return used;
    },
  };
}
