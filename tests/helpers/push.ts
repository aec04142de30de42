// Uploading an offline client's changes (`POST /api/sync/push`, docs/sync.md) as a client does:
// each change with a new change id, made at a given time by a given user.
import { expect } from 'vitest';
import type { ApiClient } from './server.ts';

export interface PushedChange {
  changeId?: string;
  table: string;
  op: 'create' | 'update' | 'delete';
  id: string;
  baseVersion?: number;
  data?: Record<string, unknown>;
  userId?: string;
  at?: string;
}

export interface PushAnswer {
  changeId: string;
  id: string;
  result: 'applied' | 'merged' | 'conflict' | 'rejected';
  version?: number;
  conflicts?: { field: string; server: unknown; client: unknown }[];
  errors?: { field: string | null; msg: string }[];
}

/**
 * The changes as the client uploads them: a change id each (unless given), made an hour ago (unless `at`).
 * @example const batch = clientChanges({ table: 'tbcase', op: 'update', id, baseVersion: 2, data: { caseNumber: 'Б-1' } })
 */
export function clientChanges(...changes: PushedChange[]): Required<Pick<PushedChange, 'changeId' | 'at'>>[] & PushedChange[] {
  const hourAgo = new Date(Date.now() - 3600_000).toISOString();
  return changes.map((c) => ({ changeId: crypto.randomUUID(), at: hourAgo, ...c }));
}

/**
 * Uploads the changes; the server's answer for each, in order.
 * @example const [answer] = await push(doctor, clientChanges({ table: 'patient', op: 'create', id, data }))
 */
export async function push(client: ApiClient, changes: PushedChange[]): Promise<PushAnswer[]> {
  const r = await client.post('/api/sync/push', { changes });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.results.map((a: PushAnswer) => a.changeId)).toEqual(changes.map((c) => c.changeId));
  return r.body.results;
}
