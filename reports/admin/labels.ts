import { t, type Lang } from '../../engine/i18n.ts';
import type { Registry } from '../../engine/registry.ts';

/** The name of a command type: `cmdType.<type>` when there is one, else the table's title. */
export function typeName(registry: Registry, lang: Lang, type: string): string {
  const key = `cmdType.${type}`;
  const own = t(lang, key);
  if (own !== key) return own;
  const title = registry.tables.get(type)?.schema.title;
  return title ? t(lang, title) : type;
}

/** The name of a command action (`create` → 'Создание'). */
export function actionName(lang: Lang, action: string): string {
  const key = `cmdAction.${action}`;
  const name = t(lang, key);
  return name === key ? action : name;
}
