/**
 * Admin units offered by their path from the root ('Кыргызская Республика / Ошская область / Ош'),
 * ordered as the tree is (each area under its parent), so a picker can be searched by any part of
 * the path instead of scanning a flat alphabetical list of every area. The paths come from the
 * catalogue's query, whose rows carry their ancestors (`p0`…`p4`: `{id, name}`).
 *
 * @example await withAdminUnitPaths([{value: id, label: 'Ош'}]) // → [{value: id, label: 'Кыргызская Республика / Ошская область / Ош'}]
 */
import { tableApi, type Option } from '../../api/index.ts';
import { areaPathKeys } from '../../../engine/area-path.ts';

const PAGE = 500;
const MAX_PAGES = 20;
type Named = { id?: string; name?: string } | null | undefined;

async function loadPaths(): Promise<Map<string, string>> {
  const paths = new Map<string, string>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { list, count } = await tableApi.query('adminunit', { page, pageSize: PAGE });
    for (const row of list) {
      const level = Number(row.level ?? 1);
      const names = areaPathKeys.slice(0, level).map((k) => (row[k] as Named)?.name).filter(Boolean);
      if (names.length === level) paths.set(String(row.id), names.join(' / '));
    }
    if (list.length < PAGE || (typeof count === 'number' && page * PAGE >= count)) break;
  }
  return paths;
}

let cache: { at: number; paths: Promise<Map<string, string>> } | undefined;
/** Read again after a minute: the tree may have changed meanwhile. */
const TTL_MS = 60_000;

export async function withAdminUnitPaths(list: Option[]): Promise<Option[]> {
  if (!cache || Date.now() - cache.at > TTL_MS) cache = { at: Date.now(), paths: loadPaths() };
  const paths = await cache.paths.catch(() => new Map<string, string>());
  return list
    .map((o) => ({ ...o, label: paths.get(String(o.value)) ?? o.label }))
    .sort((a, b) => String(a.label).localeCompare(String(b.label), 'ru'));
}
