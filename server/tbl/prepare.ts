import type { Field, TableDef } from '../../engine/types.ts';
import { dropHidden } from '../../engine/visibility.ts';
import { t } from '../../engine/i18n.ts';
import type { Em } from '../db/orm.ts';
import type { Session, AppContext, Doc } from '../types.ts';
import { ApiError, fail, isUuid } from '../http/errors.ts';
import { filterColumns, passesRefFilter } from './ref-filter.ts';
import { getPath, setPath } from './rows.ts';
import { TableStore } from './store.ts';
import { todayOf } from '../http/time-zone.ts';
import { sameValue } from '../feed/changed-values.ts';
import { lookedUp } from '../db/lookup-cache.ts';

const systemKeys = ['id', 'version', 'createdAt', 'updatedAt', 'workspaceId'];

/** Drops what a client may not set: system columns, readonly and hidden fields. */
export function cleanInput(def: TableDef, input: Doc): Doc {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw fail(400, 'msg.badJson');
  const doc: Doc = structuredClone(input);
  for (const k of systemKeys) delete doc[k];
  applyTransforms(def, doc);
  for (const f of def.fields) {
    if (!(f.readonly || f.hidden)) continue;
    const parent = getPath(doc, f.path.slice(0, -1)) as Doc | undefined;
    if (parent && typeof parent === 'object') delete parent[f.path[f.path.length - 1]];
  }
  return doc;
}

/**
 * Refuses, for an edit through the generic API or a form, a change to a field only the table's
 * declared actions change (`x-by-action`: a case's state, outcome, validation, transfer): closing or
 * starting treatment by editing the row would skip the action's permission and rules. The same value
 * sent back (a whole form saved) is no change.
 * @example refuseByActionChanges(caseDef, prev, { ...prev, state: 'CLOSED' }, s) // throws 400 [{ field: 'state', msg: 'Это поле меняется только своим действием …' }]
 */
export function refuseByActionChanges(def: TableDef, prev: Doc, doc: Doc, session: Session): void {
  const errors = def.fields
    .filter((f) => f.byAction && !sameValue(getPath(prev, f.path), getPath(doc, f.path)))
    .map((f) => ({ field: f.key, msg: t(session.lang, 'msg.byActionOnly') }));
  if (errors.length) throw new ApiError(400, errors);
}

/**
 * The id a client chose for a new row (the offline client makes its rows' ids): a uuid, kept in
 * lower case; none given ⇒ undefined (the server makes one). Anything else is a field error on `id`.
 */
export function clientId(input: Doc, session: Session): string | undefined {
  const id = input?.id;
  if (id === undefined || id === null) return undefined;
  if (!isUuid(id)) throw fail(400, t(session.lang, 'msg.badId'), 'id');
  return id.toLowerCase();
}

/**
 * Cleans text before validation: every text field is trimmed (a name typed with spaces around it is
 * kept without them), `x-transform` applied (a login forced to upper case), and a required field left
 * blank — only spaces — counts as missing ('Обязательное поле'), not as a name of spaces.
 * @example applyTransforms(patientDef, doc) // {name: '  Айбек '} ⇒ {name: 'Айбек'}; {name: '   '} ⇒ {name: undefined}
 */
export function applyTransforms(def: TableDef, doc: Doc): void {
  for (const f of def.fields) {
    const v = getPath(doc, f.path);
    if (typeof v !== 'string' || f.hidden) continue;
    const tr = f.schema['x-transform'];
    const text = tr === 'uppercase' ? v.trim().toUpperCase() : tr === 'lowercase' ? v.trim().toLowerCase() : v.trim();
    setPath(doc, f.path, text === '' && isRequired(def, f.path) ? undefined : text);
  }
}

/** Whether the object holding the field at `path` lists it as required. */
function isRequired(def: TableDef, path: string[]): boolean {
  let node = def.schema;
  for (const seg of path.slice(0, -1)) node = node?.properties?.[seg] as typeof node;
  return (node?.required ?? []).includes(path[path.length - 1]);
}

/** Fills schema defaults and computed defaults (`x-default`) on a new document and on its child rows. */
export function applyDefaults(def: TableDef, doc: Doc, session: Session): void {
  fillDefaults(def.fields, doc, session);
  applyChildDefaults(def, doc, session);
}

/**
 * Fills the defaults of the child rows a document carries (a regimen row without `iniDay` starts
 * on day 0). Rows are written whole on every save, so this holds for updates as well as creates.
 */
export function applyChildDefaults(def: TableDef, doc: Doc, session: Session): void {
  for (const c of def.children) {
    const items = doc[c.prop];
    if (c.scalarItems || !Array.isArray(items)) continue;
    for (const item of items) if (item && typeof item === 'object' && !Array.isArray(item)) fillDefaults(c.fields, item as Doc, session);
  }
}

function fillDefaults(fields: Field[], doc: Doc, session: Session): void {
  for (const f of fields) {
    if (getPath(doc, f.path) !== undefined) continue; // null: emptied by the client, not defaulted
    const computed = f.schema['x-default'] as string | undefined;
    const value =
      computed === 'now' ? new Date().toISOString()
      : computed === 'today' ? todayOf(session)
      : computed === 'session.unitId' ? session.unitId
      : computed === 'session.workspaceId' ? session.workspaceId
      : computed === 'session.userId' ? session.userId
      : f.schema.default;
    if (value !== undefined && value !== null && (f.path.length === 1 || getPath(doc, f.path.slice(0, -1)) !== undefined || f.schema.default !== undefined)) {
      setPath(doc, f.path, value);
    }
  }
}

/** An id as compared: lower case, or '' for none. */
const idText = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : '');
const sameId = (a: unknown, b: unknown) => idText(a) !== '' && idText(a) === idText(b);

/**
 * Validates a document against its schema; refuses with every field error at once. First drops the
 * values of fields hidden by their `x-visible` condition (in place: they are not saved) — here, on
 * the whole document, because an update's patch alone cannot say what is shown.
 */
export function validateDoc(ctx: AppContext, def: TableDef, doc: Doc, session: Session): void {
  dropHidden(def.schema, doc);
  // a field sent as null is one the client emptied (a form's erased field, an offline client's cleared
  // one; not given a default): stored empty, and a required one refused as missing. A yes/no field is
  // never empty: null there stays a wrong value
  for (const f of def.fields) if (f.type !== 'boolean' && getPath(doc, f.path) === null) setPath(doc, f.path, undefined);
  const errors = ctx.validators.validate(def.schemaId, def.schema, doc, session.lang);
  if (errors.length) throw new ApiError(400, errors);
}

/**
 * Every reference must name an existing row of the same workspace (or, for an `x-ref-workspace`
 * field, of the workspace the document names), inside the user's view when the target is row-scoped (no pointing at another unit's case), passing its `x-ref-filter`: one query
 * per target table, however many values point at it. `linked` fields point at rows the caller
 * wrote in the same transaction (a composed form's parts) and are not checked. An update passes the
 * stored document (`prev`): a value it already holds was checked when written and is not checked
 * again (an item made inactive since, or a unit outside this user's view, does not block saving
 * another field; and the save reads nothing it does not change).
 * @example await checkRefs(em, ctx, registry.table('tbcase'), doc, session, { prev })
 */
export async function checkRefs(em: Em, ctx: AppContext, def: TableDef, doc: Doc, session: Session, opts: { linked?: string[]; prev?: Doc } = {}): Promise<void> {
  const { linked = [], prev } = opts;
  const checks: { key: string; field: Field; id: unknown }[] = [];
  for (const f of def.fields) {
    if (!f.ref || f.readonly || linked.includes(f.key)) continue;
    const id = getPath(doc, f.path);
    if (prev && sameId(id, getPath(prev, f.path))) continue;
    checks.push({ key: f.key, field: f, id });
  }
  for (const c of def.children) {
    const held = (f: Field) => new Set(((prev?.[c.prop] as unknown[]) ?? []).map((item) => idText(c.scalarItems ? item : getPath(item as Doc, f.path))));
    for (const f of c.fields) {
      if (!f.ref) continue;
      const before = held(f);
      ((doc[c.prop] as unknown[]) ?? []).forEach((item, i) => {
        const id = c.scalarItems ? item : getPath(item as Doc, f.path);
        if (!before.has(idText(id))) checks.push({ key: `${c.prop}.${i}${c.scalarItems ? '' : `.${f.key}`}`, field: f, id });
      });
    }
  }
  const given = checks.filter((c) => c.id !== undefined && c.id !== null && c.id !== '');
  const errors: ApiError['errors'] = [];
  // one query per target table (and per named workspace, for `x-ref-workspace` fields)
  const byTarget = new Map<string, typeof given>();
  const groupOf = (c: (typeof given)[number]) => `${c.field.ref}|${c.field.refWorkspace ? idText(getPath(doc, [c.field.refWorkspace])) : ''}`;
  for (const c of given) byTarget.set(groupOf(c), [...(byTarget.get(groupOf(c)) ?? []), c]);
  for (const refs of byTarget.values()) {
    const target = ctx.registry.table(refs[0].field.ref!);
    const named = refs[0].field.refWorkspace ? getPath(doc, [refs[0].field.refWorkspace]) : undefined;
    const ids = [...new Set(refs.map((r) => r.id).filter(isUuid).map((id: string) => id.toLowerCase()))];
    const columns = [...new Set(refs.flatMap((r) => filterColumns(target, r.field.refFilter ?? {}).map((c) => c.column)))];
    // the workspace and the view limit the target; a reference to a workspace may name any of them,
    // not only the user's (the system settings pick the workspace self-registered users join), and an
    // `x-ref-workspace` field names a row of that chosen workspace (its unit, its profile)
    const store = target.meta.ws
      ? TableStore.unscoped('a reference may name any workspace, not only the user’s', target, em)
      : refs[0].field.refWorkspace
        ? isUuid(named) ? TableStore.unscoped('the row is of the workspace the document names (x-ref-workspace), not the user’s', target, em, named) : undefined
        : TableStore.of(ctx.registry, target, em, session, 'read');
    // a batch of writes (an import's chunk) asks the same unit or laboratory once (server/db/lookup-cache.ts)
    const question = { ws: session.workspaceId, user: session.userId, unit: session.unitId, named: refs[0].field.refWorkspace ? named : null, ids, columns };
    const rows = ids.length && store ? await lookedUp(em, target.name, ['refs', question], () => store.rowsByIds(ids, columns)) : [];
    const found = new Map(rows.map((r) => [String(r.id), r]));
    for (const { key, field, id } of refs) {
      const row = isUuid(id) ? found.get(id.toLowerCase()) : undefined;
      if (!row) errors.push({ field: key, msg: t(session.lang, field.refWorkspace ? 'msg.notInChosenWorkspace' : 'msg.notFound') });
      else if (!passesRefFilter(target, field.refFilter, row)) errors.push({ field: key, msg: t(session.lang, 'msg.refNotAllowed') });
    }
  }
  if (errors.length) throw new ApiError(400, errors);
}
