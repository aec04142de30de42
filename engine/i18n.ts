import en from './i18n/en.json' with { type: 'json' };
import ru from './i18n/ru.json' with { type: 'json' };

export type Lang = 'ru' | 'en';
export const languages: Lang[] = ['ru', 'en'];
type Tree = { [key: string]: string | Tree };
const resources: Record<Lang, Tree> = { ru: ru as Tree, en: en as Tree };

/** Adds keys (the server's own messages, a module's labels) to a language. */
export function addResources(lang: Lang, tree: Tree): void {
  merge(resources[lang], tree);
}

function merge(into: Tree, from: Tree) {
  for (const [k, v] of Object.entries(from)) {
    if (typeof v === 'object' && typeof into[k] === 'object') merge(into[k] as Tree, v);
    else into[k] = v;
  }
}

/** Looks a dotted key up in a language, then in Russian; returns the key itself when missing. */
export function t(lang: Lang, key: string, vars: Record<string, unknown> = {}): string {
  const found = lookup(resources[lang], key) ?? lookup(resources.ru, key) ?? key;
  return found.replace(/\{\{?(\w+)\}?\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export const asLang = (value: unknown): Lang => (value === 'en' ? 'en' : 'ru');
