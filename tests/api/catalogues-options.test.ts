// Named lookups of the catalogues: the permission tree, user views and the
// command-type tree that the command-history filter offers.
import { describe, expect, it } from 'vitest';
import { admin, server, useTestServer } from '../helpers/use-server.ts';


useTestServer();

describe('lookups', () => {
  it('command-types: every table of the API and every domain command, with their actions', async () => {
    const tree = (await admin.post('/api/opts/command-types', {})).body as any[];
    const node = (id: string) => tree.find((n) => n.id === id);
    expect(node('source')).toEqual({
      id: 'source', name: 'источники поставки лекарств',
      children: [{ id: 'source.create', name: 'Создание' }, { id: 'source.update', name: 'Изменение' }, { id: 'source.delete', name: 'Удаление' }],
    });
    // the invitation answers, then the declared row actions (catalogues/users/actions.ts)
    expect(node('userws').children.map((c: any) => c.id)).toEqual([
      'userws.create', 'userws.update', 'userws.delete', 'userws.accept', 'userws.decline',
      'userws.resetpwd', 'userws.updatepwd', 'userws.block', 'userws.unblock',
    ]);
    expect(node('session')).toMatchObject({ name: 'Сеанс', children: [{ id: 'session.changews', name: 'Смена рабочего пространства' }] });
    expect(node('sysuser').children.map((c: any) => c.id)).toEqual(expect.arrayContaining(['sysuser.changepassword', 'sysuser.register', 'sysuser.acceptula']));
    expect(node('sysconfig').name).toBe('Настройки системы');
    expect(tree.every((n) => n.name && !n.name.includes('.'))).toBe(true);
  });

  it('command-types matches what the history records', async () => {
    const tree = (await admin.post('/api/opts/command-types', {})).body as any[];
    const ids = new Set(tree.flatMap((n) => n.children.map((c: any) => c.id)));
    await admin.post('/api/tbl/source', { shortName: 'CT', name: 'Для дерева команд' });
    const { kysely } = await import('../../server/db/kysely.ts');
    const recorded = await kysely(server.ctx.orm.em.fork()).selectFrom('cmdhistory').select(['type', 'action']).distinct().execute();
    for (const r of recorded) expect(ids, `${r.type}.${r.action}`).toContain(`${r.type}.${r.action}`);
  });

  it('perms-tree and user-views', async () => {
    const perms = (await admin.post('/api/opts/perms-tree', {})).body as any[];
    const admin_ = perms.find((n) => n.id === 'ADMIN');
    expect(admin_.children.find((n: any) => n.id === 'TABLES').children.find((n: any) => n.id === 'SOURCES')).toMatchObject({ changeable: true });
    const unit = (await admin.post('/api/tbl/unit/query', { pageSize: 1, page: 1 })).body.list[0];
    const views = (await admin.post('/api/opts/user-views', { unitId: unit.id })).body as any[];
    expect(views.map((v) => v.value)).toEqual(['WORKSPACE', 'ADMINUNIT', 'UNIT']);
    expect(views[2].label).toContain(unit.name);
  });
});
