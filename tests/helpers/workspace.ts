// Builds a second workspace straight through the server's own write path (validation, hooks,
// history), for tests of workspace boundaries and of users with several workspaces.
import { systemSession } from '../../server/auth/system-session.ts';
import { TableWriter } from '../../server/tbl/write.ts';
import { kysely } from '../../server/db/kysely.ts';
import { jobsSettled } from './jobs.ts';
import type { TestServer } from './server.ts';

export interface ExtraWorkspace {
  workspaceId: string;
  unitId: string;
  profileId: string;
  adminUnitId: string;
}

/** A workspace with one area, one TB unit and an all-permissions profile; `logins` become its users. */
export async function addWorkspace(server: TestServer, name: string, logins: string[] = []): Promise<ExtraWorkspace> {
  const { ctx } = server;
  const writer = (table: string, ws: string) => new TableWriter(ctx, ctx.registry.table(table), systemSession(ws, name));
  const workspaceId = await writer('workspace', '').create({ name });
  const cs = await writer('countrystructure', workspaceId).create({ name: 'Страна', level: 1 });
  const adminUnitId = await writer('adminunit', workspaceId).create({ name: `${name} — регион`, countryStructure: cs });
  const unitId = await writer('unit', workspaceId).create({ type: 'TBUNIT', name: `${name} — диспансер`, address: { adminUnitId } });
  const profileId = await writer('userprofile', workspaceId).create({ name: 'Все права', permissions: [{ permission: 'SOURCES', canChange: true }, { permission: 'SUBSTANCES', canChange: true }] });
  for (const login of logins) {
    await writer('userws', workspaceId).create({ login, name: login, email: `${login.toLowerCase()}@example.org`, unitId, profiles: [profileId], view: 'WORKSPACE', administrator: true });
  }
  return { workspaceId, unitId, profileId, adminUnitId };
}

/**
 * Deletes every case of the workspace (their sub-records and analytic rows go with them), once the
 * background jobs a start queued are done: a start with a new report column refills every case's
 * analytic row, and a delete beside that refill can deadlock with it.
 * @example await clearWorkspaceCases(server, workspaceId) // the workspace then holds only the test's cases
 */
export async function clearWorkspaceCases(server: TestServer, workspaceId: string): Promise<void> {
  await jobsSettled(server.ctx, 120_000);
  await kysely(server.ctx.orm.em.fork()).deleteFrom('tbcase').where('workspace_id', '=', workspaceId).execute();
}
