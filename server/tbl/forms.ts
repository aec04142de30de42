import type { Context } from 'hono';
import { bundle } from '../../engine/bundle.ts';
import { t, type Lang } from '../../engine/i18n.ts';
import { declaredLabels } from '../../engine/labels.ts';
import type { Registry } from '../../engine/registry.ts';
import type { EntitySchemaFile, Field, JsonSchema, TableDef } from '../../engine/types.ts';
import { deriveUiSchema, type UiSchema } from '../../engine/ui-schema.ts';
import type { Em } from '../db/orm.ts';
import type { AppContext, Env, Session, Doc } from '../types.ts';
import { fail, isUuid } from '../http/errors.ts';
import { assertPermission } from '../http/middleware.ts';
import { TableStore } from './store.ts';

/**
 * `x-form` of a form-only schema: the table each part is saved to, the permission guarding it, and
 * values the server sets on a new part's row (`{"tbcase": {"diagnosisType": "CONFIRMED"}}`).
 */
export interface FormMeta {
  parts?: Record<string, string>;
  permission?: string;
  values?: Record<string, Record<string, unknown>>;
}

/**
 * The labels the schema files declare (`x-labels`, engine/labels.ts) in the reader's language, as a
 * remote form's `resources.labels` — none when no file declares any.
 * @example labelsFor(registry, 'en') // { labels: { 'examsputum.title': 'Sputum', … } } or {}
 */
export function labelsFor(registry: Registry, lang: Lang): { labels?: Record<string, string> } {
  const labels = declaredLabels(registry, lang);
  return Object.keys(labels).length ? { labels } : {};
}

const bundles = new WeakMap<Registry, WeakMap<JsonSchema, { schema: EntitySchemaFile; uiSchema: UiSchema }>>();

/**
 * A schema as the browser's form gets it — bundled (other files' parts inlined) with its uiSchema —
 * computed once per registry and schema (a form is asked for on every dialog opened). Shared: do
 * not change what it returns.
 * @example bundledForm(ctx.registry, def.schema).schema.properties.medicines.items.properties.id // the row id
 */
export function bundledForm(registry: Registry, schema: EntitySchemaFile): { schema: EntitySchemaFile; uiSchema: UiSchema } {
  let bySchema = bundles.get(registry);
  if (!bySchema) bundles.set(registry, (bySchema = new WeakMap()));
  let found = bySchema.get(schema);
  if (!found) {
    const bundled = bundle(registry, schema) as EntitySchemaFile;
    // a table's layout is its own; a composed form's parts bring theirs inlined
    found = { schema: bundled, uiSchema: deriveUiSchema(schema['x-table'] ? schema : bundled) };
    bySchema.set(schema, found);
  }
  return found;
}

/** One part of a composed form: the property holding it, its table, and its references to other parts. */
export interface FormPart {
  prop: string;
  def: TableDef;
  /** The part's reference fields that point at another part's table (`tbcase.patientId` → `patient`). */
  links: { field: Field; to: string }[];
  /** The part's fields the form shows (its `x-pick`, or all). */
  fields: string[];
}

/** How a composed form's parts hang together: saved in `parts` order, each after the parts it references. */
export interface FormPlan {
  parts: FormPart[];
  /** The part no other part references (the case of patient + case): its id names the form's document. */
  main?: string;
}

const plans = new WeakMap<Registry, WeakMap<JsonSchema, FormPlan>>();

/**
 * The parts of a composed form (`x-form.parts`), ordered so that a part comes after the parts it
 * references, and its main part. Computed once per registry and schema.
 * @example formPlan(registry, newnotif_tb) // { parts: [patient, tbcase (links patientId → patient)], main: 'tbcase' }
 */
export function formPlan(registry: Registry, schema: EntitySchemaFile): FormPlan {
  let bySchema = plans.get(registry);
  if (!bySchema) plans.set(registry, (bySchema = new WeakMap()));
  let plan = bySchema.get(schema);
  if (plan) return plan;
  const meta = (schema['x-form'] ?? {}) as FormMeta;
  const bundled = bundledForm(registry, schema).schema;
  const entries = Object.entries(meta.parts ?? {});
  const partOfTable = new Map(entries.map(([prop, table]) => [table, prop]));
  const all: FormPart[] = entries.map(([prop, table]) => {
    const def = registry.apiTable(table);
    if (!def) throw new Error(`form ${schema.$id}: part "${prop}" is not a table of the API`);
    const links = def.fields.filter((f) => f.kind === 'ref' && f.path.length === 1 && partOfTable.has(f.ref!) && partOfTable.get(f.ref!) !== prop).map((f) => ({ field: f, to: partOfTable.get(f.ref!)! }));
    return { prop, def, links, fields: Object.keys(bundled.properties?.[prop]?.properties ?? {}) };
  });
  const ordered: FormPart[] = [];
  while (ordered.length < all.length) {
    const next = all.find((p) => !ordered.includes(p) && p.links.every((l) => ordered.some((o) => o.prop === l.to)));
    if (!next) throw new Error(`form ${schema.$id}: its parts reference each other in a circle`);
    ordered.push(next);
  }
  const mains = ordered.filter((p) => !ordered.some((o) => o.links.some((l) => l.to === p.prop)));
  plan = { parts: ordered, main: mains.length === 1 ? mains[0].prop : undefined };
  bySchema.set(schema, plan);
  return plan;
}

/** The form's main part, or 400 on `id` when it has none (then its document cannot be named by one id). */
export function requireMain(plan: FormPlan, lang: Session['lang']): string {
  if (!plan.main) throw fail(400, t(lang, 'msg.unknownField'), 'id');
  return plan.main;
}

/**
 * The rows of a composed form's document named by its main part's id: that row (in the session's
 * view, `mode`), then each part it references through its link fields. Undefined when the main row
 * is not there for this user; a referenced part left empty has no id.
 * @example await formRows(em, ctx, plan, session, caseId, 'read') // { tbcase: {…}, patient: {…} }
 */
export async function formRows(em: Em, ctx: AppContext, plan: FormPlan, s: Session, id: string, mode: 'read' | 'write'): Promise<Record<string, Doc> | undefined> {
  const main = requireMain(plan, s.lang);
  const rows: Record<string, Doc> = {};
  for (const part of [...plan.parts].reverse()) {
    const partId = part.prop === main ? id : linkedId(plan, rows, part.prop);
    if (!partId) continue;
    const doc = await TableStore.of(ctx.registry, part.def, em, s, mode).read(partId, { lock: mode === 'write' });
    if (!doc) {
      if (part.prop === main) return undefined;
      continue;
    }
    for (const h of ctx.modules.hooks(part.def.name)) await h.afterRead?.({ em, ctx, session: s, def: part.def, docs: [doc] });
    rows[part.prop] = doc;
  }
  return rows;
}

/** The id a read part's link field gives to `prop` (the case's `patientId` for the patient part). */
function linkedId(plan: FormPlan, rows: Record<string, Doc>, prop: string): string | undefined {
  for (const part of plan.parts) {
    for (const l of part.links) {
      const v = l.to === prop ? rows[part.prop]?.[l.field.key] : undefined;
      if (typeof v === 'string') return v;
    }
  }
  return undefined;
}

/**
 * A form-only schema (no `x-table`: a workflow form composed of parts of several entities, such as
 * the new notification `newnotif_tb` = patient + case) named by the request, or undefined when
 * the name is not one. Its `x-form.permission` is required of the session (none declared: any user).
 */
export function formSchemaFor(ctx: AppContext, c: Context<Env>): EntitySchemaFile | undefined {
  const schema = ctx.registry.schemas.get(c.req.param('table') ?? '');
  if (!schema || schema['x-table'] || ctx.registry.tables.has(schema.$id)) return undefined;
  assertPermission(c.get('session'), (schema['x-form'] as FormMeta | undefined)?.permission);
  return schema;
}

/**
 * The remote form of a form-only schema: `{doc, schema, resources}` as for a table, the schema
 * bundled (the parts inlined, only their picked fields) and `resources.form` naming its parts.
 * With `id` (the main part's row: the case of a notification), `doc` holds each part's shown
 * fields and `resources.form` the parts' `ids` and `versions` — what `POST …/save` takes back.
 * Reading needs each part's table permission; a row outside the user's view is 404.
 * @example await remoteForm(newnotif, ctx, c, { id: caseId }) // { doc: { patient: {…}, tbcase: {…} }, resources: { form: { ids, versions, … } } }
 */
export async function remoteForm(schema: EntitySchemaFile, ctx: AppContext, c: Context<Env>, body: Record<string, unknown>) {
  const s = c.get('session');
  const bundled = bundledForm(ctx.registry, schema);
  const meta = (schema['x-form'] ?? {}) as FormMeta;
  const form: Record<string, unknown> = { name: schema.$id, parts: meta.parts ?? {}, permission: meta.permission };
  const doc: Doc = {};
  if (body.id !== undefined) {
    if (!isUuid(body.id)) throw fail(400, t(s.lang, 'msg.badId'), 'id');
    const plan = formPlan(ctx.registry, schema);
    for (const p of plan.parts) if (p.def.meta.read !== 'any') assertPermission(s, p.def.meta.permission);
    const rows = await formRows(ctx.orm.em.fork(), ctx, plan, s, body.id.toLowerCase(), 'read');
    if (!rows) throw fail(404, t(s.lang, 'msg.notFound'), 'id');
    const ids: Record<string, string> = {};
    const versions: Record<string, number> = {};
    for (const p of plan.parts) {
      const row = rows[p.prop];
      if (!row) continue;
      doc[p.prop] = Object.fromEntries(p.fields.filter((k) => row[k] !== undefined).map((k) => [k, row[k]]));
      ids[p.prop] = row.id;
      versions[p.prop] = row.version;
    }
    Object.assign(form, { id: rows[plan.main!].id, ids, versions });
  }
  return {
    doc,
    schema: bundled.schema,
    resources: { uiSchema: bundled.uiSchema, list: {}, form, readOnly: c.req.query('ro') !== undefined, ...labelsFor(ctx.registry, s.lang) },
  };
}
