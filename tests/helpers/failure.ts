// An unexpected server failure through the real stack, without mocks: the database briefly loses a
// column the server relies on (as after a broken deployment) while a user saves their settings.
import { kysely } from '../../server/tbl/store.ts';
import type { ApiClient, ApiResponse, TestServer } from './server.ts';

export async function causeServerError(server: TestServer, client: ApiClient, extra: Record<string, unknown> = {}): Promise<ApiResponse> {
  const schema = () => kysely(server.ctx.orm.em.fork()).schema;
  await schema().alterTable('sysuser').renameColumn('mobile', 'mobile_lost').execute();
  try {
    return await client.post('/api/sys/usersettings', { name: 'Администратор системы', email: 'admin@example.org', ...extra });
  } finally {
    await schema().alterTable('sysuser').renameColumn('mobile_lost', 'mobile').execute();
  }
}
