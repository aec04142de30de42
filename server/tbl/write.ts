import { diffDocs, isEmptyDiff } from '../../engine/diff.ts';
import { t } from '../../engine/i18n.ts';
import type { TableDef } from '../../engine/types.ts';
import type { Em } from '../db/orm.ts';
import { describeDiff, describeDoc, type HistoryDetail } from '../history/describe.ts';
import { recordCommand } from '../history/record.ts';
import type { AppContext, Session, Doc, Row } from '../types.ts';
import { fail, type ApiError } from '../http/errors.ts';
import { applyChildDefaults, applyDefaults, checkRefs, cleanInput, clientId, refuseByActionChanges, validateDoc } from './prepare.ts';
import { assertWritable } from '../scope/writable.ts';
import type { ScopeMode } from '../scope/rows.ts';
import { changedValues } from '../feed/changed-values.ts';
import { isTombstoned, recordChange } from '../feed/record.ts';
import { sql } from 'kysely';
import { kysely, kyselyByName } from '../db/kysely.ts';
import { reloadIdentitiesOnCommit } from './identity-tables.ts';
import { TableStore } from './store.ts';
import { storeWrites } from './store-writes.ts';
import { assignChildIds } from './rows.ts';
import { checkDateBounds } from './date-bounds.ts';
import { writeTransaction } from './retry.ts';

/** The whole write of one document: validation, hooks, the row, the history entry — in one transaction. */
export class TableWriter {
  constructor(
    readonly ctx: AppContext,
    readonly def: TableDef,
    readonly session: Session,
  ) {}

  /**
   * The table as this user may change it: their workspace and, for row-scoped tables, their write
   * view — or their read view for an action declared `onReadableRow` (undoing a transfer).
   */
  private store(em: Em, mode: ScopeMode = 'write') {
    return TableStore.of(this.ctx.registry, this.def, em, this.session, mode);
  }

  private entityName(doc: Doc) {
    if (this.def.meta.singleton) return t(this.session.lang, this.def.schema.title ?? this.def.name); // 'Настройки системы'
    const key = this.def.list.title ?? 'name';
    return doc[key] != null ? String(doc[key]) : undefined;
  }

  /**
   * Creates a row; `within` runs it inside a transaction already open (a hook creating related rows).
   * The id is `id`, else the client's (`input.id`, a uuid not yet used: the offline client makes ids),
   * else a new one. `opts.linked`: reference fields the caller set to rows it wrote in this same
   * transaction (a composed form's case → its new patient), not checked against the user's view.
   * `opts.derived`: values of the row's derived columns (`x-derived`) the caller worked out from the
   * sub-records it writes with the row in this transaction (an import's case and its exams): each
   * sub-record's write recomputes them as always — a wrong value does not last, a right one saves the
   * row's update.
   */
  async create(input: Doc, id?: string, within?: Em, opts: { linked?: string[]; derived?: Doc } = {}): Promise<string> {
    const cleaned = cleanInput(this.def, input);
    const given = id ?? clientId(input, this.session);
    applyDefaults(this.def, cleaned, this.session);
    return this.transaction(async (em) => {
      const doc = structuredClone(cleaned); // hooks change it: a transaction run again starts from the input
      for (const f of this.def.fields) if (opts.derived && f.key in opts.derived && f.path.length === 1 && f.schema['x-derived']) doc[f.key] = opts.derived[f.key];
      if (given && ((await kyselyByName(em).selectFrom(this.def.name).select('id').where('id', '=', given).executeTakeFirst()) || (await isTombstoned(em, given)))) throw this.idTaken();
      const id = given ?? crypto.randomUUID();
      const x = { em, ctx: this.ctx, session: this.session, def: this.def, id, isNew: true, doc };
      validateDoc(this.ctx, this.def, doc, this.session);
      for (const h of this.ctx.modules.hooks(this.def.name)) await h.beforeSave?.(x);
      await checkRefs(em, this.ctx, this.def, x.doc, this.session, { linked: opts.linked });
      await checkDateBounds(em, this.ctx, this.def, x.doc, this.session);
      await assertWritable(em, this.ctx.registry, this.def, x.doc, this.session, opts.linked);
      await storeWrites(this.store(em)).insert(id, x.doc);
      for (const h of this.ctx.modules.hooks(this.def.name)) await h.afterSave?.(x);
      await recordChange(em, this.ctx.registry, this.def, this.session, { rowId: id, op: 'create', version: 1, data: changedValues(undefined, x.doc), doc: x.doc });
      const detail = await describeDoc(em, this.def, x.doc, this.session.lang);
      await recordCommand(em, this.session, { type: this.def.name, action: 'create', entityId: id, entityName: this.entityName(x.doc), detail });
      return id;
    }, within);
  }

  /**
   * Saves the one row of a singleton table (`x-table.singleton`: the system settings): a create the
   * first time, an update after — of the whole document (a field left out is emptied, or set to its
   * default as on a first save), refused with 409 when `version` is older than the row's, like any update.
   * Saves of two processes at once are taken one after the other, so there is never a second row.
   * @example await new TableWriter(ctx, ctx.registry.table('sysconfig'), session).saveSingleton(body)
   */
  async saveSingleton(input: Doc): Promise<string> {
    if (!this.def.meta.singleton) throw new Error(`${this.def.name} is not a singleton table`);
    return this.transaction(async (em) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`singleton:${this.def.name}`}))`.execute(kysely(em));
      const row = await kyselyByName(em).selectFrom(this.def.name).select('id').orderBy('created_at').limit(1).executeTakeFirst();
      if (!row) return this.create(input, undefined, em);
      // what the document leaves out is empty (a yes/no field: its default), as on the first save
      const leftOut = this.def.fields.filter((f) => f.path.length === 1 && f.kind !== 'via' && !f.readonly && !(f.type === 'boolean' && f.schema.default === undefined));
      const whole = Object.fromEntries(leftOut.map((f) => [f.key, f.type === 'boolean' ? f.schema.default : null]));
      return this.update(row.id, { ...whole, ...input }, { within: em, edit: true });
    });
  }

  /**
   * Changes the given fields; an update that changes nothing writes nothing. With `version` (the
   * version the client's copy was read at), a row changed since is refused with 409 and the current
   * document, so two users never silently overwrite each other. A declared workflow action
   * (server/actions) passes its transaction (`within`, the row already locked), its name (the
   * history entry's action, written even when no field changed) and extra detail `items`. An edit
   * through the generic API or a form (`edit: true`) may not change the fields only actions change.
   * @example await writer.update(id, { active: false }, { within: em, action: 'block' })
   */
  async update(id: string, input: Doc, opts: { within?: Em; action?: string; items?: HistoryDetail['items']; edit?: boolean; onReadableRow?: boolean } = {}): Promise<string> {
    const mode: ScopeMode = opts.onReadableRow ? 'read' : 'write';
    const based = input?.version;
    if (based !== undefined && !(Number.isInteger(based) && based > 0)) throw fail(400, t(this.session.lang, 'msg.badJson'), 'version');
    const patch = cleanInput(this.def, input);
    applyChildDefaults(this.def, patch, this.session);
    return this.transaction(async (em) => {
      const prev = await this.readForWrite(em, id, mode);
      if (based !== undefined && based !== prev.version) throw fail(409, t(this.session.lang, 'msg.staleVersion'), 'version', withoutHidden(this.def, prev));
      // What hooks computed on read (counts, joined names) is not part of the stored document.
      const declared = Object.keys(this.def.schema.properties ?? {});
      const doc = { ...pick(structuredClone(prev), declared), ...structuredClone(patch) };
      // a sub-record stays with its parent row (a case's exam or contact is never moved to another case)
      const parent = this.def.meta.parent;
      if (parent && doc[parent] !== prev[parent]) throw fail(400, t(this.session.lang, 'msg.refNotAllowed'), parent);
      if (opts.edit) refuseByActionChanges(this.def, prev, doc, this.session);
      const x = { em, ctx: this.ctx, session: this.session, def: this.def, id, isNew: false, doc, prev, action: opts.action };
      validateDoc(this.ctx, this.def, doc, this.session);
      for (const h of this.ctx.modules.hooks(this.def.name)) await h.beforeSave?.(x);
      await checkRefs(em, this.ctx, this.def, x.doc, this.session, { prev });
      await checkDateBounds(em, this.ctx, this.def, x.doc, this.session);
      await assertWritable(em, this.ctx.registry, this.def, x.doc, this.session);
      assignChildIds(this.def, prev, x.doc, this.session.lang); // kept child rows keep their ids: the diff names the changed row
      const diff = diffDocs(this.def, prev, x.doc);
      const changed = !isEmptyDiff(diff);
      if (!changed && !opts.action) return id;
      if (changed) {
        const version = await storeWrites(this.store(em, mode)).update(id, x.doc);
        for (const h of this.ctx.modules.hooks(this.def.name)) await h.afterSave?.(x);
        const before = pick(prev, declared);
        await recordChange(em, this.ctx.registry, this.def, this.session, { rowId: id, op: 'update', version: version ?? prev.version + 1, data: changedValues(before, x.doc), prev: before, doc: x.doc });
      }
      const detail = changed ? await describeDiff(em, this.def, diff, this.session.lang) : {};
      if (opts.items?.length) detail.items = [...(detail.items ?? []), ...opts.items];
      await recordCommand(em, this.session, { type: this.def.name, action: opts.action ?? 'update', entityId: id, entityName: this.entityName(x.doc), detail });
      return id;
    }, opts.within);
  }

  /**
   * Deletes a row (its hooks, sub-records, tombstone, history entry). A declared action passes its
   * transaction (`within`), its name (the history entry's action) and extra detail `items`.
   * @example await writer.delete(id, { within: em, action: 'delete' })
   */
  async delete(id: string, opts: { within?: Em; action?: string; items?: HistoryDetail['items'] } = {}): Promise<void> {
    await this.transaction(async (em) => {
      const prev = await this.readForWrite(em, id);
      for (const h of this.ctx.modules.hooks(this.def.name)) await h.beforeDelete?.({ em, ctx: this.ctx, session: this.session, def: this.def, id, prev });
      const detail = await describeDoc(em, this.def, prev, this.session.lang);
      if (opts.items?.length) detail.items = [...(detail.items ?? []), ...opts.items];
      // before the delete: the feed lists the rows it cascades to while they are there
      await recordChange(em, this.ctx.registry, this.def, this.session, { rowId: id, op: 'delete', version: prev.version + 1, prev });
      await storeWrites(this.store(em)).delete(id);
      await recordCommand(em, this.session, { type: this.def.name, action: opts.action ?? 'delete', entityId: id, entityName: this.entityName(prev), detail });
    }, opts.within);
  }

  /**
   * The stored row, locked, with its hidden columns: a write rewrites the whole row, so a column no
   * form shows (the case's latest exam results, kept by derived writes) must come back as it was.
   */
  private async readForWrite(em: Em, id: string, mode: ScopeMode = 'write'): Promise<Row> {
    const prev = await this.store(em, mode).read(id, { lock: true, hidden: true });
    if (!prev) throw (await this.store(em, 'read').exists(id)) ? fail(403, t(this.session.lang, 'msg.readOnlyForYou'), 'id') : fail(404, t(this.session.lang, 'msg.notFound'), 'id');
    for (const h of this.ctx.modules.hooks(this.def.name)) await h.afterRead?.({ em, ctx: this.ctx, session: this.session, def: this.def, docs: [prev] });
    return prev;
  }

  /**
   * Runs `work` in a transaction — run whole again when PostgreSQL aborts it as a deadlock's victim
   * or a serialization failure (./retry.ts; never inside a caller's transaction `within`) — and turns
   * constraint violations into field errors.
   */
  private async transaction<T>(work: (em: Em) => Promise<T>, within?: Em): Promise<T> {
    const run = async (em: Em) => {
      // Names, units and permissions that sessions carry may change: reload them once committed.
      reloadIdentitiesOnCommit(em, this.ctx, this.def.name);
      return work(em);
    };
    if (within) return run(within);
    try {
      return await writeTransaction(this.ctx, run, `${this.def.name} write`);
    } catch (e) {
      throw this.constraintError(e) ?? e;
    }
  }

  /** The id given for a new row is already a row's (here or anywhere: ids are global). */
  private idTaken(): ApiError {
    return fail(409, t(this.session.lang, 'msg.idTaken'), 'id');
  }

  /** A database constraint violation as the field error it means (a duplicate, a row in use), else undefined. */
  constraintError(e: unknown): ApiError | undefined {
    const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    const code = err.code ?? err.cause?.code;
    const constraint = err.constraint ?? err.cause?.constraint ?? '';
    if (code === '23505' && constraint === `${this.def.name}_pkey`) return this.idTaken();
    if (code === '23505') {
      const field = this.def.fields.find((f) => constraint.includes(f.column))?.key ?? null;
      return fail(400, t(this.session.lang, 'msg.duplicate'), field);
    }
    if (code === '23503' || code === '23001') return fail(400, t(this.session.lang, 'msg.inUse'));
    return undefined;
  }
}

/** The document as the API shows it: its hidden fields left out. */
const withoutHidden = (def: TableDef, doc: Doc) => {
  const out = structuredClone(doc);
  for (const f of def.fields.filter((f) => f.hidden)) {
    const owner = f.path.slice(0, -1).reduce<Doc | undefined>((o, k) => o?.[k], out);
    if (owner) delete owner[f.path.at(-1)!];
  }
  return out;
};

const pick = (doc: Doc, keys: string[]) => Object.fromEntries(Object.entries(doc).filter(([k]) => keys.includes(k)));
