/**
 * The gate for a tag's SQL condition, before it ever reaches the database — the same on PostgreSQL
 * and on the embedded PGlite. A condition is one boolean expression over one case (`tbcase`) and its
 * patient (`patient`), written with a closed vocabulary:
 *
 * - words: the columns of the two tables, the two table names, the key words of an expression
 *   (`and`, `case`, `is null`, `between`, `interval`, …), the functions of `allowedFunctions` and the
 *   types of `allowedTypes`. Any other word is refused — `pg_sleep`, `current_catalog`,
 *   `session_user`, `select`, `polygon`, `tsquery`, `regclass`, `xml`, `json`… — so nothing reads
 *   the catalogs, runs SQL text, makes a query, or uses a type whose operators have no cheap bound
 *   (a polygon containment grows exponentially with the polygon: DESIGN §5);
 * - after a dot only a column: PostgreSQL reads `x.f` as the call `f(x)` (`tbcase.row_to_json`,
 *   `(row(1)).quote_literal`), and `tbcase.f` must name a column of `tbcase` (`patient.f` of `patient`);
 * - a name before `(` only an allowed function or an expression key word (`in`, `row`, `cast`…):
 *   no other call, no length or precision of a type (`char(10485760)` pads every value to 10 MB);
 * - operators only comparison, arithmetic, `||`, `like`/`ilike` and containment (no regular
 *   expressions, powers, JSON paths or geometric operators);
 * - no subquery (`select`, `values`, `table`, `array(…)`): the planner expands nested subqueries
 *   before any timeout can fire (a 473-character condition ran 11 s past a 2 s timeout);
 * - no number in exponent notation (`1e65000`, in strings too — a string's elements read as a number
 *   would be, so a uuid `'1e5d…'` passes), at most `maxConditionLength`
 *   characters, outside strings only printable ASCII, and no `;`, comments, `\` or `$`.
 *
 * What is left costs at most a few milliseconds per case (every allowed operator is linear or
 * quadratic in operands bounded by the condition's length and the row), which the caller bounds by
 * a clock (./check-condition.ts). Refusals name only the condition's own text, never data.
 *
 * @example conditionProblem("tbcase.state = 'CLOSED'", { columns }) // undefined
 * @example conditionProblem('tbcase.row_to_json is not null', { columns }) // { reason: 'column', text: 'row_to_json' }
 */

export interface ConditionProblem {
  /** Key under `tag.reason`. */
  reason: 'empty' | 'tooLong' | 'chars' | 'word' | 'column' | 'parens' | 'function' | 'subquery' | 'operator' | 'exponent' | 'typmod';
  text?: string;
}

export interface GateOptions {
  /** The columns of each table a condition may read, by table name (`tbcase`, `patient`). */
  columns: Readonly<Record<string, ReadonlySet<string>>>;
}

/** The longest condition accepted: real conditions are a few lines; this bounds every operand. */
export const maxConditionLength = 2000;

/**
 * Never needed in a condition, and each opens a door: `;` chains statements, `--` `/*` hide text,
 * `\` and `$` change how PostgreSQL reads strings (escapes, dollar quoting), so the tokenizer below
 * could disagree with the server about where a string ends. Rejected anywhere, strings included.
 */
const forbiddenChars = [';', '--', '/*', '*/', '\\', '$', '\u0000'];

/** The functions a condition may call: cheap, scalar, and never making more data than they are given. */
export const allowedFunctions = new Set([
  'lower', 'upper', 'initcap', 'coalesce', 'nullif', 'greatest', 'least', 'length', 'char_length', 'character_length',
  'trim', 'btrim', 'ltrim', 'rtrim', 'substr', 'strpos', 'position', 'left', 'right', 'starts_with',
  'extract', 'date_part', 'date_trunc', 'age', 'now', 'abs', 'round', 'floor', 'ceil', 'ceiling',
  'trunc', 'sign', 'mod',
]);

/**
 * The types a value may be cast to: scalars of bounded size with cheap operators (ranges compare by
 * their bounds). Not `numeric` (nor `decimal`, `numrange`): text cast to it makes a number of any
 * length — `('1e' || '65000')::numeric` or a case number typed '1e65000' is 65 000 digits, and one
 * product of two such numbers takes seconds — which no check of the condition's own text can see.
 */
export const allowedTypes = new Set([
  'text', 'varchar', 'char', 'character', 'varying', 'bpchar', 'int', 'integer', 'int2', 'int4', 'int8', 'smallint',
  'bigint', 'real', 'float', 'float4', 'float8', 'double', 'precision', 'boolean', 'bool',
  'date', 'time', 'timestamp', 'timestamptz', 'timetz', 'interval', 'uuid', 'daterange', 'int4range', 'int8range',
  'tsrange', 'tstzrange',
]);

/** Key words of an expression (and of `extract`'s fields, `trim`'s and `interval`'s qualifiers). */
const keywords = new Set([
  'and', 'or', 'not', 'is', 'null', 'true', 'false', 'unknown', 'isnull', 'notnull', 'like', 'ilike', 'escape',
  'between', 'symmetric', 'asymmetric', 'in', 'any', 'some', 'all', 'case', 'when', 'then', 'else', 'end', 'cast', 'as',
  'distinct', 'from', 'array', 'row', 'overlaps', 'at', 'zone', 'with', 'without', 'to', 'both', 'leading', 'trailing',
  'current_date', 'current_time', 'current_timestamp', 'localtime', 'localtimestamp',
  'year', 'month', 'day', 'hour', 'minute', 'second', 'epoch', 'dow', 'doy', 'isodow', 'isoyear', 'quarter', 'week',
  'century', 'decade', 'millennium', 'microseconds', 'milliseconds', 'julian', 'timezone', 'timezone_hour',
  'timezone_minute', 'years', 'months', 'days', 'hours', 'minutes', 'seconds',
]);

/** Key words that may stand before `(` without being a function call. */
const parenKeywords = new Set([
  'and', 'or', 'not', 'in', 'any', 'some', 'all', 'cast', 'row', 'case', 'when', 'then', 'else', 'is', 'like', 'ilike',
  'escape', 'between', 'symmetric', 'asymmetric', 'distinct', 'from', 'zone', 'overlaps', 'as', 'to', 'both',
  'leading', 'trailing', 'at',
]);

/** Words that start a query: named in the refusal as a subquery rather than as an unknown word. */
const queryWords = new Set(['select', 'values', 'table', 'lateral', 'exists']);

/** Operators allowed: comparison, arithmetic, concatenation, `like` and containment. */
const allowedOperators = new Set(['=', '<>', '!=', '<', '>', '<=', '>=', '+', '-', '*', '/', '%', '||', '~~', '~~*', '!~~', '!~~*', '@>', '<@', '&&']);

const operatorChars = '+-*/<>=~!@#%^&|`?';

/**
 * One operator as PostgreSQL reads it from a run of operator characters: a name of several
 * characters cannot end in `+` or `-` unless it holds one of `~ ! @ # % ^ & | \` ?`.
 */
function splitOperator(run: string): string {
  let op = run;
  while (op.length > 1 && /[+-]$/.test(op) && !/[~!@#%^&|`?]/.test(op)) op = op.slice(0, -1);
  return op;
}

/**
 * A number in exponent form, as the input of a number type reads it from a string (`'1e65000'`
 * makes a 65 000-digit number out of seven characters) — the whole string, or one element of an
 * array or range literal (`'{1e65000}'`, `'[0,1e65000)'`); a uuid such as `'1e5d7a2c-…'` is none.
 */
const exponentNumber = /^[+-]?(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)e[+-]?\d[\d_]*$/i;
/** What separates the elements of an array or range literal (and the spaces a number input skips). */
const elementSeparators = /[\s,{}()[\]"]+/;
const holdsExponentNumber = (inner: string) => inner.split(elementSeparators).some((piece) => exponentNumber.test(piece));
const numberRe = /^(?:0[xob][0-9a-f_]+|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:e[+-]?\d+)?)/i;
/** Outside quotes PostgreSQL reads bytes ≥ 0x80 as letters of a name: only printable ASCII there. */
const plainChar = /^[\x20-\x7e\t\n\r]$/;

/**
 * Reads a quoted string or identifier starting at `i`; returns the index of its closing quote, or
 * -1 when it is not closed. A doubled quote inside stands for itself.
 */
function closingQuote(text: string, i: number): number {
  const q = text[i];
  for (let j = i + 1; j < text.length; ) {
    if (text[j] === q && text[j + 1] === q) j += 2;
    else if (text[j] === q) return j;
    else j++;
  }
  return -1;
}

/** Returns why a condition text is refused, or undefined when it may go on to the sandbox. */
export function conditionProblem(text: string, opts: GateOptions): ConditionProblem | undefined {
  if (!text.trim()) return { reason: 'empty' };
  if (text.length > maxConditionLength) return { reason: 'tooLong' };
  const bad = forbiddenChars.find((c) => text.includes(c));
  if (bad) return { reason: 'chars', text: bad === '\u0000' ? 'NUL' : bad };
  const tables = Object.keys(opts.columns);
  const allColumns = new Set(tables.flatMap((t) => [...opts.columns[t]]));
  /** A word a condition may use, as written (`quoted`: exactly, else lower-cased). */
  const known = (w: string, quoted: boolean) =>
    quoted ? allColumns.has(w) || tables.includes(w) || allowedFunctions.has(w) : allColumns.has(w) || tables.includes(w) || allowedFunctions.has(w) || allowedTypes.has(w) || keywords.has(w);

  /** A name followed by `(`: a call unless an expression key word; a type's length is refused. */
  const call = (name: string, quoted: boolean, end: number): ConditionProblem | undefined => {
    if (!/^\s*\(/.test(text.slice(end))) return undefined;
    const n = quoted ? name : name.toLowerCase();
    if (!quoted && n === 'array') return { reason: 'subquery', text: 'array(…)' };
    if (!quoted && parenKeywords.has(n)) return undefined;
    if (!quoted && allowedTypes.has(n)) return { reason: 'typmod', text: name };
    if (allowedFunctions.has(n)) return undefined;
    return { reason: 'function', text: name };
  };

  /** After a dot: a column (of that table, when the name before the dot is one), or `*`. */
  const member = (i: number, before: string | undefined): { problem?: ConditionProblem; next: number } => {
    let j = i + 1;
    while (/\s/.test(text[j] ?? '')) j++;
    if (text[j] === '*') return { next: j + 1 };
    let name: string;
    let next: number;
    if (text[j] === '"') {
      const close = closingQuote(text, j);
      if (close < 0) return { problem: { reason: 'parens' }, next: text.length };
      name = text.slice(j + 1, close).replaceAll('""', '"');
      next = close + 1;
    } else {
      const w = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(j));
      if (!w) return { problem: { reason: 'column', text: '.' }, next: j };
      name = w[0].toLowerCase();
      next = j + w[0].length;
    }
    const columns = before && tables.includes(before) ? opts.columns[before] : allColumns;
    return columns.has(name) ? { next } : { problem: { reason: 'column', text: name }, next };
  };

  let depth = 0;
  /** The last name read, when nothing but spaces stands between it and the current position. */
  let lastName: string | undefined;
  for (let i = 0; i < text.length; ) {
    const ch = text[i];
    if (ch === "'" || ch === '"') {
      const j = closingQuote(text, i);
      if (j < 0) return { reason: 'parens' };
      const inner = text.slice(i + 1, j).replaceAll(ch + ch, ch);
      if (ch === '"') {
        const p = call(inner, true, j + 1);
        if (p) return p;
        if (!known(inner, true)) return { reason: 'word', text: inner };
        lastName = inner;
      } else {
        if (holdsExponentNumber(inner)) return { reason: 'exponent', text: text.slice(i, j + 1) };
        lastName = undefined;
      }
      i = j + 1;
      continue;
    }
    if (!plainChar.test(ch)) return { reason: 'chars', text: ch };
    const number = /\d|\./.test(ch) ? numberRe.exec(text.slice(i, i + 200)) : null;
    if (number) {
      if (/e/i.test(number[0]) && !/^0x/i.test(number[0])) return { reason: 'exponent', text: number[0] };
      i += number[0].length;
      lastName = undefined;
      continue;
    }
    if (ch === '.') {
      const m = member(i, lastName);
      if (m.problem) return m.problem;
      i = m.next;
      lastName = undefined;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i, i + 200));
    if (word) {
      const w = word[0].toLowerCase();
      if (queryWords.has(w)) return { reason: 'subquery', text: word[0] };
      if (w === 'similar') return { reason: 'operator', text: 'similar to' };
      const p = call(word[0], false, i + word[0].length);
      if (p) return p;
      if (!known(w, false)) return { reason: 'word', text: word[0] };
      i += word[0].length;
      lastName = w;
      continue;
    }
    if (operatorChars.includes(ch)) {
      let j = i;
      while (j < text.length && operatorChars.includes(text[j])) j++;
      const op = splitOperator(text.slice(i, j));
      if (!allowedOperators.has(op)) return { reason: 'operator', text: op };
      i += op.length;
      lastName = undefined;
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')' && --depth < 0) return { reason: 'parens' };
    if (!/\s/.test(ch)) lastName = undefined;
    i++;
  }
  return depth === 0 ? undefined : { reason: 'parens' };
}
