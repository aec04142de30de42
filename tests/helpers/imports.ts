// An import as the screen drives it, through the API: the file uploaded in pieces, read, mapped,
// checked and run, each waited for until the background work is done.
import { expect } from 'vitest';
import type { ApiClient } from './server.ts';

/** Upload pieces' size in these tests: small, so a file of a few kilobytes still comes in several. */
const PIECE = 4096;

/**
 * Uploads a file (in pieces), asks for it to be read and waits: the job as it then is (READY or FAILED).
 * @example const job = await uploadFile(admin, await xlsxOf({ Случаи: rows }), 'registr.xlsx')
 */
export async function uploadFile(client: ApiClient, file: Buffer, fileName: string, opts: { mappingId?: string } = {}): Promise<any> {
  const up = await client.post('/api/import/upload', { fileName, fileSize: file.length, ...opts });
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const id = up.body.result as string;
  for (let seq = 0; seq * PIECE < file.length; seq++) {
    const r = await client.post(`/api/import/${id}/chunk`, { seq, data: file.subarray(seq * PIECE, (seq + 1) * PIECE).toString('base64') });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  expect((await client.post(`/api/import/${id}/parse`, {})).status).toBe(200);
  return waitJob(client, id, ['READY', 'FAILED']);
}

/** Waits until the job is in one of `states` (the background loop works on it meanwhile); the job. */
export async function waitJob(client: ApiClient, id: string, states: string[], timeoutMs = 120_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await client.get(`/api/import/${id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    if (states.includes(r.body.result.state)) return r.body.result;
    if (Date.now() > until) throw new Error(`import ${id} still ${r.body.result.state} (${r.body.result.done}/${r.body.result.total})`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

/** Sets the job's mapping (400s shown), then runs the dry run and waits for it: the job. */
export async function dryRun(client: ApiClient, id: string, mapping: unknown): Promise<any> {
  const m = await client.post(`/api/import/${id}/mapping`, { mapping });
  expect(m.status, JSON.stringify(m.body)).toBe(200);
  const r = await client.post(`/api/import/${id}/dryrun`, {});
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return waitJob(client, id, ['CHECKED', 'FAILED']);
}

/** Runs a checked job and waits for it: the job. */
export async function runImport(client: ApiClient, id: string): Promise<any> {
  const r = await client.post(`/api/import/${id}/run`, {});
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return waitJob(client, id, ['DONE', 'FAILED']);
}

/** Every row of the job with its messages (all pages), by `<sheet>:<row>`. */
export async function rowsOf(client: ApiClient, id: string, status?: string): Promise<Map<string, { status: string; messages: { field: string | null; column?: string | null; msg: string; level: string }[]; caseId: string | null }>> {
  const out = new Map();
  for (let page = 1; ; page++) {
    const r = await client.post(`/api/import/${id}/rows`, { page, ...(status ? { status } : {}) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    for (const row of r.body.result.list) out.set(`${row.sheet}:${row.rowNumber}`, row);
    if (r.body.result.list.length < r.body.result.pageSize) return out;
  }
}
