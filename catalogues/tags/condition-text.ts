/**
 * The first gate for a tag's SQL condition, before it ever reaches the database: the text must read
 * as one boolean expression and name nothing dangerous. The sandbox (./sandbox.ts) is the real
 * boundary; this gate keeps out what a sandbox cannot stop from inside an expression — `set_config`
 * (which can reset the role), functions that run SQL text (`query_to_xml`, `ts_stat`), session-level
 * advisory locks, and anything that could leave the surrounding parentheses.
 *
 * Everywhere, a function may be called only when it is on a short list of cheap ones (defence in
 * depth: a list of what is allowed does not age the way a list of what is forbidden does). On real
 * PostgreSQL the statement timeout bounds the cost, so subqueries and aggregates stay allowed. On
 * the embedded PGlite there is no timeout (WebAssembly has no timer signals), so the gate there also
 * refuses whatever can make one evaluation expensive: subqueries (`select`, `values`, `table`,
 * `with`), operators other than comparison, arithmetic, `||`, `like` and containment (regular
 * expressions, powers, roots, JSON paths), length modifiers of types (`char(10485760)`) and numbers
 * written with an exponent (`1e65000`, in strings too). What stays — rows × a bounded cost — is cut
 * off between batches by ./check-condition.ts.
 */

export interface ConditionProblem {
  /** Key under `tag.reason`. */
  reason: 'empty' | 'chars' | 'word' | 'parens' | 'function' | 'subquery' | 'operator' | 'exponent' | 'typmod';
  text?: string;
}

export interface GateOptions {
  /** The embedded PGlite: no statement timeout, so the narrow gate (see the module comment). */
  embedded: boolean;
}

/**
 * Never needed in a condition, and each opens a door: `;` chains statements, `--` `/*` hide text,
 * `\` and `$` change how PostgreSQL reads strings (escapes, dollar quoting), so the tokenizer below
 * could disagree with the server about where a string ends. Rejected anywhere, strings included.
 */
const forbiddenChars = [';', '--', '/*', '*/', '\\', '$', '\u0000'];

/** Statements and clauses a boolean expression never contains. */
const forbiddenWords = new Set([
  'insert', 'update', 'delete', 'merge', 'upsert', 'create', 'drop', 'alter', 'truncate', 'grant', 'revoke', 'copy',
  'vacuum', 'analyze', 'analyse', 'cluster', 'reindex', 'comment', 'security', 'lock', 'set', 'reset', 'show', 'do',
  'call', 'execute', 'prepare', 'deallocate', 'listen', 'notify', 'unlisten', 'load', 'discard', 'begin', 'commit',
  'rollback', 'savepoint', 'release', 'start', 'abort', 'declare', 'fetch', 'move', 'close', 'checkpoint', 'refresh',
  'import', 'into', 'returning', 'role', 'session_authorization', 'recursive', 'uescape', 'public', 'information_schema',
  'tb_tag_sandbox', 'set_config', 'current_setting', 'ts_stat', 'ts_rewrite', 'nextval', 'setval', 'currval', 'lastval',
  'generate_series',
]);

/** Families of functions and catalogs: system (`pg_*`), large objects, foreign links, SQL-to-XML. */
const forbiddenPatterns = [/^pg_/, /^lo_/, /^dblink/, /to_xml/, /^txid_/];

const isForbidden = (word: string) => forbiddenWords.has(word) || forbiddenPatterns.some((p) => p.test(word));

/** The functions a condition may call: cheap, scalar, and never making more data than they are given. */
export const allowedFunctions = new Set([
  'lower', 'upper', 'initcap', 'coalesce', 'nullif', 'greatest', 'least', 'length', 'char_length', 'character_length',
  'trim', 'btrim', 'ltrim', 'rtrim', 'substr', 'strpos', 'position', 'left', 'right', 'starts_with',
  'extract', 'date_part', 'date_trunc', 'age', 'now', 'current_date', 'abs', 'round', 'floor', 'ceil', 'ceiling',
  'trunc', 'sign', 'mod',
]);

/** Aggregates, for subqueries: only where a subquery may run (real PostgreSQL, with its timeout). */
export const aggregateFunctions = new Set(['count', 'sum', 'min', 'max', 'avg', 'bool_and', 'bool_or', 'every']);

/** Key words that may stand before `(` without being a function call. */
const parenKeywords = new Set([
  'and', 'or', 'not', 'in', 'any', 'some', 'all', 'exists', 'array', 'cast', 'row', 'case', 'when', 'then', 'else',
  'is', 'like', 'ilike', 'escape', 'between', 'symmetric', 'asymmetric', 'distinct', 'from', 'zone', 'overlaps', 'as',
  'to',
]);

/** More of them, where subqueries are allowed. */
const queryParenKeywords = new Set([
  'select', 'where', 'on', 'using', 'join', 'by', 'having', 'limit', 'offset', 'lateral', 'union', 'intersect',
  'except', 'values', 'filter', 'over', 'with', 'similar',
]);

/** Types with a length or precision in parentheses; on PGlite a length pads (`char(10485760)`). */
const typmodWords = new Set(['numeric', 'decimal', 'dec', 'varchar', 'char', 'character', 'varying', 'bit', 'timestamp', 'time', 'interval', 'float']);

/** Words that make a query without naming a function: refused where there is no timeout. */
const queryWords = new Set(['select', 'values', 'table', 'with', 'lateral']);

/** Operators where there is no timeout: comparison, arithmetic, concatenation, `like`, containment. */
const embeddedOperators = new Set(['=', '<>', '!=', '<', '>', '<=', '>=', '+', '-', '*', '/', '%', '||', '~~', '~~*', '!~~', '!~~*', '@>', '<@', '&&']);

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

/** Digits, a point or an exponent: `1e65000` makes a 65 000-digit number out of seven characters. */
const exponentRe = /[\d.]\s*e\s*[+-]?\s*\d/i;
const numberRe = /^(?:0[xob][0-9a-f_]+|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:e[+-]?\d+)?)/i;

/** Returns why a condition text is refused, or undefined when it may go on to the sandbox. */
export function conditionProblem(text: string, opts: GateOptions = { embedded: false }): ConditionProblem | undefined {
  const { embedded } = opts;
  if (!text.trim()) return { reason: 'empty' };
  const bad = forbiddenChars.find((c) => text.includes(c));
  if (bad) return { reason: 'chars', text: bad === '\u0000' ? 'NUL' : bad };
  if (/\bu&\s*["']/i.test(text)) return { reason: 'word', text: 'U&' };

  /** A name followed by `(`: a call unless a key word (or, with a timeout, a type's length). */
  const call = (name: string, quoted: boolean, end: number): ConditionProblem | undefined => {
    if (!/^\s*\(/.test(text.slice(end, end + 200))) return undefined;
    const n = quoted ? name : name.toLowerCase();
    if (!quoted && (parenKeywords.has(n) || (!embedded && queryParenKeywords.has(n)))) return undefined;
    if (!quoted && typmodWords.has(n)) return embedded ? { reason: 'typmod', text: name } : undefined;
    if (allowedFunctions.has(n) || (!embedded && aggregateFunctions.has(n))) return undefined;
    return { reason: 'function', text: name };
  };

  let depth = 0;
  for (let i = 0; i < text.length; ) {
    const ch = text[i];
    if (ch === "'" || ch === '"') {
      // A quoted string or identifier: the quote doubled inside stands for itself.
      let j = i + 1;
      for (;;) {
        if (j >= text.length) return { reason: 'parens' };
        if (text[j] === ch && text[j + 1] === ch) j += 2;
        else if (text[j] === ch) break;
        else j++;
      }
      const inner = text.slice(i + 1, j);
      if (ch === '"' && isForbidden(inner.toLowerCase())) return { reason: 'word', text: inner };
      if (ch === '"') {
        const p = call(inner.replaceAll('""', '"'), true, j + 1);
        if (p) return p;
      }
      if (ch === "'" && embedded && exponentRe.test(inner)) return { reason: 'exponent', text: text.slice(i, j + 1) };
      i = j + 1;
      continue;
    }
    const number = /\d|\./.test(ch) ? numberRe.exec(text.slice(i, i + 200)) : null;
    if (number) {
      if (embedded && /e/i.test(number[0]) && !/^0x/i.test(number[0])) return { reason: 'exponent', text: number[0] };
      i += number[0].length;
      continue;
    }
    const word = /^[\p{L}_][\p{L}\p{N}_]*/u.exec(text.slice(i, i + 200));
    if (word) {
      const w = word[0].toLowerCase();
      if (isForbidden(w)) return { reason: 'word', text: word[0] };
      if (embedded && queryWords.has(w)) return { reason: 'subquery', text: word[0] };
      if (embedded && w === 'similar') return { reason: 'operator', text: 'similar to' };
      const p = call(word[0], false, i + word[0].length);
      if (p) return p;
      i += word[0].length;
      continue;
    }
    if (operatorChars.includes(ch)) {
      let j = i;
      while (j < text.length && operatorChars.includes(text[j])) j++;
      const op = splitOperator(text.slice(i, j));
      if (embedded && !embeddedOperators.has(op)) return { reason: 'operator', text: op };
      i += op.length;
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')' && --depth < 0) return { reason: 'parens' };
    i++;
  }
  return depth === 0 ? undefined : { reason: 'parens' };
}
