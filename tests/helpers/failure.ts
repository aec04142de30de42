// An unexpected server failure through the real stack, without mocks: the database briefly loses a
// column the server relies on (as after a broken deployment) while a user saves their settings.
import { kysely } from '../../server/db/kysely.ts';
import type { ApiClient, ApiResponse, TestServer } from './server.ts';

/** Runs `fn` while `table.column` is renamed away (every statement naming it fails), then puts it back. */
export async function withColumnLost<T>(server: TestServer, table: string, column: string, fn: () => Promise<T>): Promise<T> {
  const schema = () => kysely(server.ctx.orm.em.fork()).schema;
  await schema().alterTable(table).renameColumn(column, `${column}_lost`).execute();
  try {
    return await fn();
  } finally {
    await schema().alterTable(table).renameColumn(`${column}_lost`, column).execute();
  }
}

export async function causeServerError(server: TestServer, client: ApiClient, extra: Record<string, unknown> = {}): Promise<ApiResponse> {
  return withColumnLost(server, 'sysuser', 'mobile', () =>
    client.post('/api/sys/usersettings', { name: 'Администратор системы', email: 'admin@example.org', ...extra }),
  );
}
