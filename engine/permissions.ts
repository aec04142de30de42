import tree from './permissions-tree.json' with { type: 'json' };

export interface PermNode {
  id: string;
  changeable?: boolean;
  children?: PermNode[];
}

export interface PermissionGrant {
  permission: string;
  canChange?: boolean;
}

export const permissionTree: PermNode[] = tree.tree as PermNode[];

const parents = new Map<string, string | undefined>();
const nodes = new Map<string, PermNode>();
(function index(list: PermNode[], parent?: string) {
  for (const n of list) {
    nodes.set(n.id, n);
    parents.set(n.id, parent);
    index(n.children ?? [], n.id);
  }
})(permissionTree);

export const allPermissionIds = (): string[] => [...nodes.keys()];
export const isPermission = (id: string) => nodes.has(id);
export const isChangeable = (id: string) => nodes.get(id)?.changeable === true;

/**
 * The permission ids a user holds: every granted node, its ancestors (ticking a catalogue opens the
 * way to it), and `<ID>_EDT` where 'Can modify?' is ticked on a changeable node. An administrator
 * holds everything.
 */
export function effectivePermissions(grants: PermissionGrant[], administrator: boolean): string[] {
  const out = new Set<string>();
  const list = administrator ? [...nodes.values()].map((n) => ({ permission: n.id, canChange: true })) : grants;
  for (const g of list) {
    if (!nodes.has(g.permission)) continue;
    for (let id: string | undefined = g.permission; id; id = parents.get(id)) out.add(id);
    if (g.canChange && isChangeable(g.permission)) out.add(`${g.permission}_EDT`);
  }
  return [...out].sort();
}
