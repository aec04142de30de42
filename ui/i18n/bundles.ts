/**
 * Loads the translations of one language: the schema labels of `engine/i18n/<lang>.json`
 * (entity and field titles, enum labels, `perm.*`) merged with the UI strings of
 * `ui/i18n/<lang>.json`. Both are optional at build time (the glob simply finds nothing), and
 * each language is its own chunk, loaded on demand.
 */
import { flatten } from './flatten.ts';
import type { Language } from './languages.ts';

type Loader = () => Promise<unknown>;

const engineBundles = import.meta.glob('../../engine/i18n/*.json', { import: 'default' }) as Record<string, Loader>;
const uiBundles = import.meta.glob('./*.json', { import: 'default' }) as Record<string, Loader>;

function find(bundles: Record<string, Loader>, lang: Language): Loader | undefined {
  return Object.entries(bundles).find(([path]) => path.endsWith(`/${lang}.json`))?.[1];
}

/** All keys of one language, flat (`source.shortName`, `ui.toolbar.home`). */
export async function loadBundle(lang: Language): Promise<Record<string, string>> {
  const [engine, ui] = await Promise.all([find(engineBundles, lang)?.() ?? {}, find(uiBundles, lang)?.() ?? {}]);
  return { ...flatten(engine), ...flatten(ui) };
}
