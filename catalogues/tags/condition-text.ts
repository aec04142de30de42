/**
 * The first gate for a tag's SQL condition, before it ever reaches the database: the text must read
 * as one boolean expression and name nothing dangerous. The sandbox (./sandbox.ts) is the real
 * boundary; this gate keeps out what a sandbox cannot stop from inside an expression — `set_config`
 * (which can reset the role), functions that run SQL text (`query_to_xml`, `ts_stat`), session-level
 * advisory locks, and anything that could leave the surrounding parentheses.
 */

export interface ConditionProblem {
  /** Key under `tag.reason`. */
  reason: 'empty' | 'chars' | 'word' | 'parens';
  text?: string;
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

/** Returns why a condition text is refused, or undefined when it may go on to the sandbox. */
export function conditionProblem(text: string): ConditionProblem | undefined {
  if (!text.trim()) return { reason: 'empty' };
  const bad = forbiddenChars.find((c) => text.includes(c));
  if (bad) return { reason: 'chars', text: bad === '\u0000' ? 'NUL' : bad };
  if (/\bu&\s*["']/i.test(text)) return { reason: 'word', text: 'U&' };
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
      if (ch === '"' && isForbidden(text.slice(i + 1, j).toLowerCase())) return { reason: 'word', text: text.slice(i + 1, j) };
      i = j + 1;
      continue;
    }
    const word = /^[\p{L}_][\p{L}\p{N}_]*/u.exec(text.slice(i, i + 200));
    if (word) {
      if (isForbidden(word[0].toLowerCase())) return { reason: 'word', text: word[0] };
      i += word[0].length;
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')' && --depth < 0) return { reason: 'parens' };
    i++;
  }
  return depth === 0 ? undefined : { reason: 'parens' };
}
