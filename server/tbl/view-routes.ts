import { t } from '../../engine/i18n.ts';
import { dropHidden } from '../../engine/visibility.ts';
import type { AppContext } from '../types.ts';
import { defineRoute, type DeclaredRoute } from '../http/define-route.ts';
import { fail } from '../http/errors.ts';
import { describeDoc } from '../history/describe.ts';
import { idParam, tableFor } from './access.ts';
import { TableStore } from './store.ts';

/**
 * `GET /api/tbl/<table>/view/<id>`: a row as a reader sees it, read-only — each shown field as
 * `{title, value}` in the session's language, named the way the command history names values
 * (enum texts, Да/Нет, references by their row's name, table rows as text), without the fields
 * hidden by their `x-visible` condition, the `x-hidden` ones or the empty ones.
 *
 * @example GET /api/tbl/unit/view/<id> ⇒ {id, title: 'Учреждение', name: 'ЦРБ', items: [{title: 'Тип', value: 'Учреждение ТБ'}, …]}
 */
export const viewRoute = (ctx: AppContext): DeclaredRoute => defineRoute({
  method: 'GET',
  path: '/api/tbl/:table/view/:id',
  rule: { kind: 'table', access: 'read' },
  summary: 'A row as a reader sees it: each shown field as {title, value} in the reader’s language',
  handler: async (c) => {
    const def = tableFor(ctx, c, false);
    const s = c.get('session');
    const id = idParam(c);
    const em = ctx.orm.em.fork();
    const doc = await TableStore.of(ctx.registry, def, em, s, 'read').read(id);
    if (!doc) throw fail(404, t(s.lang, 'msg.notFound'), 'id');
    const { items } = await describeDoc(em, def, dropHidden(def.schema, doc), s.lang);
    const titleField = def.list.title;
    return c.json({
      id,
      title: def.schema.title ? t(s.lang, def.schema.title) : def.name,
      name: titleField && doc[titleField] != null ? String(doc[titleField]) : undefined,
      items: items ?? [],
    });
  },
});
