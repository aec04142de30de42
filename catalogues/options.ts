import { t, type Lang } from '../engine/i18n.ts';
import { permissionTree, type PermNode } from '../engine/permissions.ts';
import { isUuid } from '../server/http/errors.ts';
import type { OptionProvider } from '../server/types.ts';
import { kysely } from '../server/db/kysely.ts';

interface PermTreeNode {
  id: string;
  name: string;
  changeable: boolean;
  children?: PermTreeNode[];
}

const translateTree = (nodes: PermNode[], lang: Lang): PermTreeNode[] =>
  nodes.map((n) => ({
    id: n.id,
    name: t(lang, `perm.${n.id}`),
    changeable: n.changeable === true,
    ...(n.children ? { children: translateTree(n.children, lang) } : {}),
  }));

/** The permission tree for the profile editor, labelled in the user's language. */
export const permsTree: OptionProvider = async ({ session }) => translateTree(permissionTree, session.lang);
permsTree.params = { type: 'object', additionalProperties: false };

/**
 * The views (access scopes) a user of the given unit can have: the whole workspace, the unit's
 * administrative area, or the unit itself — labelled with their names.
 */
export const userViews: OptionProvider = async ({ em, session, params }) => {
  const unit = isUuid(params.unitId)
    ? await kysely(em)
        .selectFrom('unit as u')
        .leftJoin('adminunit as a', 'a.id', 'u.address_admin_unit_id')
        .select(['u.name as unitName', 'a.name as areaName'])
        .where('u.id', '=', params.unitId)
        .where('u.workspace_id', '=', session.workspaceId)
        .executeTakeFirst()
    : undefined;
  const label = (key: string, name?: string | null) => (name ? `${t(session.lang, key)}: ${name}` : t(session.lang, key));
  return [
    { value: 'WORKSPACE', label: label('userView.WORKSPACE', session.workspaceName) },
    ...(unit ? [{ value: 'ADMINUNIT', label: label('userView.ADMINUNIT', unit.areaName) }, { value: 'UNIT', label: label('userView.UNIT', unit.unitName) }] : []),
  ];
};
userViews.params = { type: 'object', additionalProperties: false, properties: { unitId: { type: 'string', format: 'uuid' } } };
