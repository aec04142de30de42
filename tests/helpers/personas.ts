// The authorization personas (the authorization matrix's, and the offline upload's): the users
// whose rights the tests check, each with what it holds written by hand from the permission tree
// (authz-expected.ts), never computed by the code under test.
import tree from '../../engine/permissions-tree.json' with { type: 'json' };
import { hashPassword } from '../../server/auth/password.ts';
import { kysely } from '../../server/db/kysely.ts';
import { CHANGEABLE, SYSTEM_WIDE, USER_MANAGER_HOLDS } from '../api/authz-expected.ts';
import type { ApiClient, TestServer } from './server.ts';
import { createUser } from './users.ts';
import { addWorkspace } from './workspace.ts';

export interface Persona {
  name: string;
  client: ApiClient | undefined;
  /** Works in the other workspace (B): workspace A's rows are not its own. */
  otherWorkspace: boolean;
  has(permission: string): boolean;
}

/** Every node id of the permission tree. */
export const treeIds: string[] = [];
(function walk(nodes: { id: string; children?: unknown[] }[]) {
  for (const n of nodes) {
    treeIds.push(n.id);
    walk((n.children ?? []) as { id: string }[]);
  }
})(tree.tree);

const systemWide = new Set(SYSTEM_WIDE);
/** The workspace permissions of the tree (no system-wide ones), without any `_EDT`. */
export const workspaceIds = treeIds.filter((p) => !systemWide.has(p));

/** A `has` answering for exactly the permissions listed. */
export const holds = (list: string[]) => {
  const set = new Set(list);
  return (p: string) => set.has(p);
};

/**
 * The personas of the authorization matrix: anonymous, no permission, read-only (every node, no
 * 'Can modify?'), user manager, another workspace's user and administrator (workspace B, made here:
 * `B<prefix>ADMIN`), the system administrator (`admin`). The workspace's own ones are made in `unitId`
 * (else the first unit listed), logins prefixed by `prefix`.
 * @example const personas = await makePersonas(server, admin, { prefix: 'MX' })
 */
export async function makePersonas(server: TestServer, admin: ApiClient, o: { prefix: string; unitId?: string }): Promise<Persona[]> {
  const place = o.unitId ? { unitId: o.unitId } : {};
  const readAll = workspaceIds.map((permission) => ({ permission }));
  const manager = [{ permission: 'USERS', canChange: true }];
  const bAdminLogin = `B${o.prefix}ADMIN`;
  const b = await addWorkspace(server, `Чужое пространство ${o.prefix}`, [bAdminLogin]);
  await kysely(server.ctx.orm.em.fork()).updateTable('sysuser').set({ password_hash: await hashPassword('Badmin123') }).where('login', '=', bAdminLogin).execute();
  const bAdmin = await server.login(bAdminLogin, 'Badmin123', b.workspaceId);
  const bAll = workspaceIds.map((permission) => ({ permission, canChange: CHANGEABLE.includes(permission) }));
  return [
    { name: 'anonymous', client: server.anonymous(), otherWorkspace: false, has: () => false },
    { name: 'no permission', client: await createUser(server, admin, `${o.prefix}NONE`, [], undefined, place), otherWorkspace: false, has: holds([]) },
    // every node ticked, 'Can modify?' on none: every workspace permission, no _EDT
    { name: 'read-only', client: await createUser(server, admin, `${o.prefix}READ`, readAll, undefined, place), otherWorkspace: false, has: holds(workspaceIds) },
    { name: 'user manager', client: await createUser(server, admin, `${o.prefix}USERS`, manager, undefined, place), otherWorkspace: false, has: holds(USER_MANAGER_HOLDS) },
    // every node ticked with 'Can modify?': the _EDT of the changeable nodes only
    { name: "another workspace's user", client: await createUser(server, bAdmin, `${o.prefix}BUSER`, bAll), otherWorkspace: true, has: holds([...workspaceIds, ...CHANGEABLE.map((p) => `${p}_EDT`)]) },
    { name: "another workspace's administrator", client: bAdmin, otherWorkspace: true, has: (p) => !systemWide.has(p) },
    { name: 'system administrator', client: admin, otherWorkspace: false, has: () => true },
  ];
}
