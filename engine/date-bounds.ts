/**
 * Date sanity declared on date fields (`schema-format.md`): `"x-notAfter": "today"` — not in the
 * future; `"x-notBefore": "<field>"` — not before another date: a field written as in
 * `x-options-params` (sibling `name` or `a.b`, `../name`, `/name`), or through a reference
 * (`patientId.birthDate`: the birth date of the case's patient). Either keyword takes `today` or a
 * field. The server refuses a value out of bounds (`server/tbl/date-bounds.ts`), the browser's
 * validator and its date pickers read the same declaration.
 *
 * @example
 *   // "registrationDate": {"format": "date", "x-notAfter": "today", "x-notBefore": "patientId.birthDate"}
 *   dateBoundChecks(tbcaseSchema, { registrationDate: '2030-01-01', patientId: 'ab…' })
 *   // ⇒ [{path: ['registrationDate'], kind: 'notAfter', bound: {today: true}, …}, {…, bound: {table: 'patient', id: 'ab…', field: 'birthDate'}}]
 */
import { resolveParamField, ROW, valueAtPlace, fieldExists } from './options-params.ts';
import type { JsonSchema } from './types.ts';
import { schemaAtPath, validationTexts, type FieldError } from './validation-messages.ts';
import { t, type Lang } from './i18n.ts';

export const BOUND_KEYWORDS = { notAfter: 'x-notAfter', notBefore: 'x-notBefore' } as const;
export type BoundKind = keyof typeof BOUND_KEYWORDS;

/** Where a bound's value comes from: today, a place in the same document, or a field of a referenced row. */
export type BoundSource = { today: true } | { place: string[] } | { refPlace: string[]; table: string; field: string };

/** A declared bound of a date field, by places (`[]` for a table's rows). */
export interface DateBound {
  place: string[];
  kind: BoundKind;
  source: BoundSource;
}

const isNode = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

function nodeAt(schema: JsonSchema, place: string[]): JsonSchema | undefined {
  let cur: JsonSchema | undefined = schema;
  for (const seg of place) cur = !cur ? undefined : seg === ROW ? (isNode(cur.items) ? cur.items : undefined) : isNode(cur.properties) ? cur.properties[seg] : undefined;
  return cur;
}

/**
 * Where the text of a bound points, from the object holding the field (`holder`): `today`, a field of
 * the document, or `ref.field` through a sibling `x-ref`. A string explaining what is wrong otherwise
 * (the meta-check reports it).
 */
export function boundSource(schema: JsonSchema, holder: string[], text: unknown): BoundSource | string {
  if (text === 'today') return { today: true };
  if (typeof text !== 'string') return 'must be "today" or a field';
  const place = resolveParamField(holder, text);
  if (!place) return `"${text}" is not "today" nor a field path (name, a.b, ../name or /name)`;
  const exists = fieldExists(schema, place);
  if (exists !== false) return { place };
  const [refName, field, ...more] = text.split('.');
  const ref = nodeAt(schema, [...holder, refName])?.['x-ref'];
  if (typeof ref === 'string' && field && !more.length) return { refPlace: [...holder, refName], table: ref, field };
  return `unknown field "${text}"`;
}

const boundsOf = new WeakMap<JsonSchema, DateBound[]>();

/** Every bound declared in a schema (nested objects and table rows included); malformed ones are left to the meta-check. */
export function dateBounds(schema: JsonSchema): DateBound[] {
  // a table's schema is read once and kept: every save of the table asks again
  const known = boundsOf.get(schema);
  if (known) return known;
  const found: DateBound[] = [];
  const visit = (node: JsonSchema, place: string[]) => {
    for (const kind of Object.keys(BOUND_KEYWORDS) as BoundKind[]) {
      const text = node[BOUND_KEYWORDS[kind]];
      if (text === undefined) continue;
      const source = boundSource(schema, place.slice(0, -1), text);
      if (typeof source !== 'string') found.push({ place, kind, source });
    }
    if (isNode(node.properties)) for (const [k, child] of Object.entries(node.properties)) if (isNode(child)) visit(child, [...place, k]);
    if (isNode(node.items) && isNode(node.items.properties)) visit(node.items, [...place, ROW]);
  };
  visit(schema, []);
  boundsOf.set(schema, found);
  return found;
}

/** One value of the document to compare with its bound. */
export interface DateBoundCheck {
  /** The concrete document path of the field (`['prescriptions', '2', 'endDate']`). */
  path: string[];
  value: string;
  kind: BoundKind;
  /** The bound's value when it is in the document or today's (`undefined`: a referenced row must be read). */
  bound: { today: true } | { value: unknown; place: string[] } | { table: string; id: unknown; field: string };
}

/** The rows of the document at `place`: each instance's concrete path and row indexes. */
function instances(doc: unknown, place: string[]): { path: string[]; rows: number[]; value: unknown }[] {
  let out: { path: string[]; rows: number[]; value: unknown }[] = [{ path: [], rows: [], value: doc }];
  for (const seg of place) {
    out = out.flatMap((x) => {
      if (seg !== ROW) return [{ path: [...x.path, seg], rows: x.rows, value: isNode(x.value) ? (x.value as Record<string, unknown>)[seg] : undefined }];
      return Array.isArray(x.value) ? x.value.map((item, i) => ({ path: [...x.path, String(i)], rows: [...x.rows, i], value: item })) : [];
    });
  }
  return out;
}

/** The comparisons a document asks for: each filled date field with a declared bound. */
export function dateBoundChecks(schema: JsonSchema, doc: unknown): DateBoundCheck[] {
  return dateBounds(schema).flatMap((b) =>
    instances(doc, b.place)
      .filter((x) => typeof x.value === 'string' && x.value !== '')
      .map((x) => ({
        path: x.path,
        value: x.value as string,
        kind: b.kind,
        bound:
          'today' in b.source ? { today: true as const }
          : 'place' in b.source ? { value: valueAtPlace(doc, b.source.place, x.rows), place: b.source.place }
          : { table: b.source.table, id: valueAtPlace(doc, b.source.refPlace, x.rows), field: b.source.field },
      })),
  );
}

/**
 * The error of one comparison, if the value is out of bounds: `<field>: не может быть позже
 * сегодняшнего дня` / `<field>: не может быть раньше, чем «<other field>»`. `bound` is the other date
 * (today's for `today`); an empty bound is no bound. Dates compare as `YYYY-MM-DD` text (date-times: their day).
 * @example boundError('notAfter', '2026-11-27', '2026-11-26', 'today', 'ru') // 'не может быть позже сегодняшнего дня'
 */
export function boundError(kind: BoundKind, value: string, bound: unknown, boundLabel: string | 'today', lang: Lang): string | undefined {
  if (typeof bound !== 'string' || !bound) return undefined;
  const [v, b] = [value.slice(0, 10), bound.slice(0, 10)];
  const out = kind === 'notAfter' ? v > b : v < b;
  if (!out) return undefined;
  const x = (validationTexts[lang] ?? validationTexts.ru).dates;
  if (boundLabel === 'today') return kind === 'notAfter' ? x.afterToday : x.beforeToday;
  return `${kind === 'notAfter' ? x.after : x.before} «${boundLabel}»`;
}

/**
 * Every bound error of a document whose bounds are in it or today (references are the server's to
 * read: skipped here), worded `<field label>: <what is wrong>`.
 * @example dateBoundErrors(schema, { birthDate: '2030-01-01' }, '2026-11-26', 'ru', label) // [{field: 'birthDate', msg: 'Дата рождения: не может быть позже сегодняшнего дня'}]
 */
export function dateBoundErrors(
  schema: JsonSchema,
  doc: unknown,
  today: string,
  lang: Lang,
  label: (path: string[]) => string,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const c of dateBoundChecks(schema, doc)) {
    if ('table' in c.bound) continue;
    const msg = 'today' in c.bound ? boundError(c.kind, c.value, today, 'today', lang) : boundError(c.kind, c.value, c.bound.value, label(c.bound.place.filter((s) => s !== ROW)), lang);
    if (msg) errors.push({ field: c.path.join('.'), msg: boundMessage(schema, c.path, lang) ?? `${label(c.path)}: ${msg}` });
  }
  return errors;
}

/**
 * The days a date picker may offer for the field at `place` (rows `rows`): `min`/`max` as
 * `YYYY-MM-DD`, from today and the document's other dates (a bound through a reference is the
 * server's: not known here).
 * @example pickerLimits(patientSchema, ['birthDate'], {}, '2026-11-26') // {max: '2026-11-26'}
 */
export function pickerLimits(schema: JsonSchema, place: string[], doc: unknown, today: string, rows: number[] = []): { min?: string; max?: string } {
  const out: { min?: string; max?: string } = {};
  for (const b of dateBounds(schema)) {
    if (b.place.join('.') !== place.join('.')) continue;
    const v = 'today' in b.source ? today : 'place' in b.source ? valueAtPlace(doc, b.source.place, rows) : undefined;
    if (typeof v !== 'string' || !v) continue;
    const day = v.slice(0, 10);
    if (b.kind === 'notAfter') out.max = out.max && out.max < day ? out.max : day;
    else out.min = out.min && out.min > day ? out.min : day;
  }
  return out;
}

/**
 * The field's own wording of a broken bound (`x-bound-msg`, an i18n key: the spec's 'Дата окончания
 * не может предшествовать дате начала'), if it declares one.
 * @example boundMessage(prescriptionAdd, ['endDate'], 'ru') // 'Дата окончания не может предшествовать дате начала'
 */
export function boundMessage(schema: JsonSchema, path: string[], lang: Lang): string | undefined {
  const key = schemaAtPath(schema, path)?.['x-bound-msg'];
  return typeof key === 'string' ? t(lang, key) : undefined;
}
