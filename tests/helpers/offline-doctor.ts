// The offline client both of the doctor's offline test files start (tests/api/sync-client.test.ts
// and tests/api/sync-client-tags.test.ts, docs/sync.md): the server's scenario (sync-scenario.ts)
// and a client beside it, initialised by the Bishkek doctor SYNCDOC, who is logged in there; reads
// of the client's rows, and a synchronisation through the client's API.
import { afterAll, beforeAll, expect } from 'vitest';
import { kysely, kyselyByName } from '../../server/db/kysely.ts';
import { feedSettled } from './feed.ts';
import type { ApiClient } from './server.ts';
import { startOfflineClient, syncThroughApi, type OfflineClient } from './sync-client.ts';
import { editOnClient as editOnClientAs, notifyOffline as notifyOfflineAs, PASSWORD, serverDb, useSyncScenario } from './sync-scenario.ts';
import { server } from './use-server.ts';

/** The file's offline client (live binding, set by {@link useOfflineDoctor}). */
export let client: OfflineClient;
/** The doctor, logged in on the client. */
export let onClient: ApiClient;

/** The client's database, read directly. */
export const clientDb = () => kysely(client.server.ctx.orm.em.fork());
/** A row as the client's database holds it (snake_case columns), or undefined. */
export const onClientRow = (table: string, id: string) => kyselyByName(client.server.ctx.orm.em.fork()).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
/** A row as the doctor reads it on the client. */
export const onClientDoc = async (table: string, id: string) => (await onClient.get(`/api/tbl/${table}/${id}`)).body;

/** Synchronises the client through its API (with the doctor's password); fails unless it completes. Answers its status. */
export const sync = async () => {
  await feedSettled(serverDb()); // another test file's transaction may hold the feed back a moment
  const s = await syncThroughApi(onClient, PASSWORD);
  expect(s.id, JSON.stringify(s)).toBe('NOT_RUNNING');
  return s;
};
/** Synchronises once more, then runs `check`: what the server changed since the last synchronisation has reached the client. */
export async function synced(check: () => Promise<void>): Promise<void> {
  await sync();
  await check();
}
/** The scenario's steps with the doctor on this file's client unless told. */
export const editOnClient = (caseId: string, patch: Record<string, unknown>, on = onClient) => editOnClientAs(caseId, patch, on);
export const notifyOffline = (lastName: string, dates?: { registrationDate: string; diagnosisDate: string }, on = onClient) => notifyOfflineAs(lastName, dates, on);

/**
 * Makes the scenario on the file's server (after `useTestServer`), then starts the client, initialised
 * by SYNCDOC, and logs the doctor in there; closes the client after the file's tests.
 * @example
 * useTestServer();
 * useOfflineDoctor();
 * it('holds the case', async () => expect(await onClientRow('tbcase', world.serverCase)).toBeDefined());
 */
export function useOfflineDoctor(): void {
  useSyncScenario();
  beforeAll(async () => {
    client = await startOfflineClient(server.url, 'SYNCDOC', PASSWORD);
    onClient = await client.login('SYNCDOC', PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await client?.close();
  });
}
