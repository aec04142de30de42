import { t } from '../engine/i18n.ts';
import { fail } from '../server/http/errors.ts';
import { hasPermission } from '../server/http/middleware.ts';
import type { OptionProvider } from '../server/types.ts';

/**
 * Commands that are not the generic create/update/delete of a table, by command type (the
 * `type` column of `cmdhistory`) — what `recordCommand` is called with outside the table writer.
 * Declared row actions (`DomainModule.actions`: `userws.block`, `userws.resetpwd`…) are added to
 * the tree from the modules; their labels are `cmdAction.<name>`.
 */
export const domainCommands: Record<string, string[]> = {
  session: ['changews'],
  sysuser: ['usersettings', 'changepassword', 'register', 'acceptula'],
  userws: ['accept', 'decline'],
  sysconfig: ['create', 'update'],
  /** Treatment (cases/treatment): the period change, written on the treatment row by the case's action. */
  treatment: ['treatmentperiod'],
  /** Saved case reports (reports/saved): written only by the report routes, not the generic API. */
  casereport: ['create', 'update', 'delete'],
};

const tableActions = ['create', 'update', 'delete'];

interface CommandNode {
  id: string;
  name: string;
  children?: CommandNode[];
}

/**
 * The command-type tree for the command-history filter (the `command-types` lookup): one node per
 * type — every table of the generic API, plus the domain types — whose children are its actions,
 * with ids `<type>.<action>` (the `type` and `action` columns of `cmdhistory`). Only for the reports
 * that filter by it (CMDHISTORY, CMDSTATISTICS): no schema references it.
 */
export const commandTypes: OptionProvider = async ({ ctx, session }) => {
  if (!['CMDHISTORY', 'CMDSTATISTICS'].some((p) => hasPermission(session, p))) throw fail(403, t(session.lang, 'msg.forbidden'));
  const lang = session.lang;
  const types = new Map<string, string[]>();
  for (const def of ctx.registry.tables.values()) if (def.meta.api !== false) types.set(def.name, [...tableActions]);
  // an action that leaves its row alone writes other rows' entries, never its own
  const declared = ctx.modules.list.flatMap((m) => m.actions ?? []).filter((a) => !a.rowUnchanged).map((a) => [a.table, [a.name]] as const);
  for (const [type, actions] of [...Object.entries(domainCommands), ...declared]) types.set(type, [...new Set([...(types.get(type) ?? []), ...actions])]);
  const label = (type: string) => {
    const title = ctx.registry.tables.get(type)?.schema.title;
    return type in domainCommands && !ctx.registry.apiTable(type) ? t(lang, `cmdType.${type}`) : title ? t(lang, title) : type;
  };
  const nodes: CommandNode[] = [...types].map(([type, actions]) => ({
    id: type,
    name: label(type),
    children: actions.map((a) => ({ id: `${type}.${a}`, name: t(lang, `cmdAction.${a}`) })),
  }));
  return nodes.sort((a, b) => a.name.localeCompare(b.name, lang));
};
