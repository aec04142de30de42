/**
 * `npm run bench:import`: a register of `IMPORT_ROWS` cases (100,000 by default; goal ≤ 10 min)
 * imported through the API as the import screen drives it, on the demo workspace: the CSV uploaded in
 * 1 MB pieces and read, the dry run, then the run — each row a confirmed TB case with its patient and a
 * smear at diagnosis, through the one writer with its history entry. Prints each phase's time and
 * rows/s, and the run's figure scaled to 100,000 rows. Names carry the run's own tag, so a database
 * kept between runs (`BENCH_DATABASE_URL`) imports new rows each time rather than skipping them.
 * The figures depend on the machine and on what else runs on it: compare runs of one machine.
 * With `BENCH_PG_STATS=1` each phase also prints what PostgreSQL did per row (`pg-stats.ts`: the statements
 * sent a row, those of most time, what the connections waited for; the counters need pg_stat_statements).
 * @example IMPORT_ROWS=2000 TB_LOG_LEVEL=warn BENCH_DATABASE_URL=postgres://… npm run bench:import
 */
import { clientHeader } from '../../engine/client-header.ts';
import { startServer } from '../../app/start.ts';
import { benchDatabase } from './database.ts';
import { finishBench } from './finish.ts';
import { watchPostgres } from './pg-stats.ts';
import { signIn } from './sign-in.ts';

const ROWS = Number(process.env.IMPORT_ROWS ?? 100_000);
const TARGET = { rows: 100_000, seconds: 600 };
const PIECE = 1024 * 1024;

const { databaseUrl, postgres } = await benchDatabase('bench_import');
const server = await startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: true, demoCases: 0 });

const cookie = await signIn(server.url);
const call = async (method: string, path: string, body?: unknown) => {
  const r = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json', [clientHeader]: '1', cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await r.json()) as { result?: any; errors?: unknown };
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json.errors)}`);
  return json.result;
};
const waitFor = async (id: string, states: string[]) => {
  for (;;) {
    const job = await call('GET', `/api/import/${id}`);
    if (states.includes(job.state)) return job;
    await new Promise((res) => setTimeout(res, 1000));
  }
};

// the register: distinct names (the run's tag, then the row's number in letters), birth days over 60 years
const LETTERS = 'абвгдклмнопрту';
const word = (n: number) => Array.from({ length: 5 }, (_, k) => LETTERS[Math.floor(n / LETTERS.length ** k) % LETTERS.length]).join('');
const tag = word(Math.floor(Date.now() / 1000) % LETTERS.length ** 5);
const SURNAMES = ['Асанов', 'Бекова', 'Токтогулов', 'Садыкова', 'Иманалиев', 'Осмонова', 'Жумабаев', 'Алиева'];
const day = (base: number, i: number) => new Date(base + i * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('.');
const header = ['Фамилия', 'Имя', 'Пол', 'Дата рождения', 'Дата регистрации', 'Дата диагноза', 'Группа', 'ЛПУ', 'Микроскопия', 'Дата микроскопии', 'Лаборатория'];
const lines = [header.join(';')];
for (let i = 0; i < ROWS; i++) {
  lines.push([`${SURNAMES[i % SURNAMES.length]}-${tag}${word(i)}`, 'Бенч', i % 2 ? 'Мужской' : 'Женский', day(Date.UTC(1950, 0, 1), i % 21_900), day(Date.UTC(2024, 0, 10), i % 300), day(Date.UTC(2024, 0, 8), i % 300), 'Новый случай', 'BGPTD', '+', day(Date.UTC(2024, 0, 8), i % 300), 'NRL'].join(';'));
}
const file = Buffer.from(lines.join('\r\n') + '\r\n', 'utf8');
const mapping = {
  sheets: [{
    name: 'bench.csv', role: 'case',
    columns: {
      Фамилия: 'patient.lastName', Имя: 'patient.name', Пол: 'patient.gender', 'Дата рождения': 'patient.birthDate', 'Дата регистрации': 'tbcase.registrationDate',
      'Дата диагноза': 'tbcase.diagnosisDate', Группа: 'tbcase.registrationGroup', ЛПУ: 'tbcase.ownerUnitId', Микроскопия: 'exammic.result', 'Дата микроскопии': 'exammic.date', Лаборатория: 'exammic.laboratoryId',
    },
  }],
  fixed: { 'tbcase.diagnosisType': 'CONFIRMED', 'tbcase.classification': 'TB' },
  values: {},
};

console.log(`\nImporting a register of ${ROWS} cases (${(file.length / 1024 / 1024).toFixed(1)} MB CSV), demo workspace`);
const watching = process.env.BENCH_PG_STATS === '1';
let watch = watching ? await watchPostgres(databaseUrl) : undefined;
let t0 = performance.now();
const id = (await call('POST', '/api/import/upload', { fileName: 'bench.csv', fileSize: file.length })) as string;
for (let seq = 0; seq * PIECE < file.length; seq++) await call('POST', `/api/import/${id}/chunk`, { seq, data: file.subarray(seq * PIECE, (seq + 1) * PIECE).toString('base64') });
await call('POST', `/api/import/${id}/parse`, {});
const read = await waitFor(id, ['READY', 'FAILED']);
if (read.state !== 'READY') throw new Error(`read: ${read.error}`);
const phase = async (name: string, job: { counts: object }) => {
  const s = (performance.now() - t0) / 1000;
  console.log(`  ${name}: ${s.toFixed(1)} s, ${(ROWS / s).toFixed(0)} rows/s — ${JSON.stringify(job.counts)}`);
  if (watch) {
    console.log(await watch.report(ROWS));
    watch = await watchPostgres(databaseUrl);
  }
  t0 = performance.now();
  return s;
};
await phase('upload and read', read);
await call('POST', `/api/import/${id}/mapping`, { mapping });
await call('POST', `/api/import/${id}/dryrun`, {});
const checked = await phase('dry run', await waitFor(id, ['CHECKED', 'FAILED']));
await call('POST', `/api/import/${id}/run`, {});
const ran = await phase('run', await waitFor(id, ['DONE', 'FAILED']));
const scaled = (ran * TARGET.rows) / ROWS;
console.log(`  the run scaled to ${TARGET.rows} rows: ${(scaled / 60).toFixed(1)} min (target ≤ ${TARGET.seconds / 60} min); with its dry run ${(((ran + checked) * TARGET.rows) / ROWS / 60).toFixed(1)} min`);

await watch?.report(ROWS);
await finishBench(postgres, [() => server.close()]);
