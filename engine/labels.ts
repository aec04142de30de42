/**
 * Labels a schema file declares for itself (`x-labels: {ru: {…}, en: {…}}`, the same nested keys as
 * `engine/i18n/<lang>.json`): a configurator's new file — a follow-up exam type — brings its title,
 * field and enum labels in both languages with it, and no code or translation file is edited. At load
 * they join the server's translations (`addResources`), and every remote form carries those of its
 * language to the browser (`resources.labels`), which adds them to its own.
 */
import { addResources, languages, t, type Lang } from './i18n.ts';
import type { Registry } from './registry.ts';
import type { EntitySchemaFile } from './types.ts';

type Tree = { [key: string]: string | Tree };

/** `{a: {b: 'x'}}` → `{'a.b': 'x'}`. */
function flat(tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out[prefix + k] = v;
    else flat(v, `${prefix}${k}.`, out);
  }
  return out;
}

const declared = (schema: EntitySchemaFile) => schema['x-labels'] as Record<Lang, Tree> | undefined;

/**
 * Problems of one file's labels: a key given in one language and not the other, and any label the
 * file uses (its title, its fields' titles, its enums' values) that neither its labels nor the
 * product's translations hold, in either language.
 * @example labelProblems(examsputum) // ['x-labels/en: "examsputum.volume" is missing (given in ru)']
 */
export function labelProblems(schema: EntitySchemaFile): string[] {
  const own = declared(schema);
  if (!own) return [];
  const keys = Object.fromEntries(languages.map((l) => [l, flat(own[l] ?? {})])) as Record<Lang, Record<string, string>>;
  const problems: string[] = [];
  for (const a of languages) for (const b of languages) if (a !== b) for (const k of Object.keys(keys[a])) if (!(k in keys[b])) problems.push(`x-labels/${b}: "${k}" is missing (given in ${a})`);
  const used: string[] = [];
  if (schema.title) used.push(schema.title);
  const walk = (props: Record<string, any> | undefined) => {
    for (const p of Object.values(props ?? {})) {
      if (typeof p?.title === 'string') used.push(p.title);
      const e = p?.['x-enum'] ?? p?.items?.['x-enum'];
      for (const v of p?.enum ?? p?.items?.enum ?? []) if (e) used.push(`${e}.${v}`);
      walk(p?.properties);
      walk(p?.items?.properties);
    }
  };
  walk(schema.properties as Record<string, any>);
  for (const l of languages) for (const k of used) if (!(k in keys[l]) && t(l, k) === k) problems.push(`x-labels/${l}: no label for "${k}"`);
  return problems;
}

/** Adds every file's declared labels to the server's translations. */
export function addDeclaredLabels(registry: Registry): void {
  for (const schema of registry.schemas.values()) {
    const own = declared(schema);
    if (own) for (const l of languages) addResources(l, own[l] ?? {});
  }
}

const cache = new WeakMap<Registry, Partial<Record<Lang, Record<string, string>>>>();

/**
 * The labels the schema files declare, flat, in one language (empty when none declares any).
 * @example declaredLabels(registry, 'en') // { 'examsputum.title': 'Sputum', 'examsputum.volume': 'Volume', … }
 */
export function declaredLabels(registry: Registry, lang: Lang): Record<string, string> {
  let byLang = cache.get(registry);
  if (!byLang) cache.set(registry, (byLang = {}));
  if (!byLang[lang]) {
    const out: Record<string, string> = {};
    for (const schema of registry.schemas.values()) Object.assign(out, flat(declared(schema)?.[lang] ?? {}));
    byLang[lang] = out;
  }
  return byLang[lang]!;
}
