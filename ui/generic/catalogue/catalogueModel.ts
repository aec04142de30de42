/** Pure helpers of the catalogue screen: page size, list descriptor, list updates after a save. */
import type { Doc, ListDescriptor, RemoteForm } from '../../api/index.ts';

/** The page size of a table (`x-table.pageSize`, as `resources.table` or the schema carry it); none ⇒ not paged. */
export function pageSizeOf(form: RemoteForm): number | undefined {
  const fromSchema = (form.schema['x-table'] as { pageSize?: number } | undefined)?.pageSize;
  const size = form.resources?.table?.pageSize ?? fromSchema ?? form.resources?.list?.pageSize;
  return typeof size === 'number' && size > 0 ? size : undefined;
}

export function listOf(form: RemoteForm): ListDescriptor {
  return form.resources?.list ?? (form.schema['x-list'] as ListDescriptor | undefined) ?? {};
}

export function permissionOf(form: RemoteForm): string | undefined {
  return form.resources?.table?.permission ?? (form.schema['x-table'] as { permission?: string } | undefined)?.permission;
}

/** `inline` (default) or `modal`, from `x-layout.x-form` (or the uiSchema). */
export function formModeOf(form: RemoteForm): 'inline' | 'modal' {
  if (form.resources?.table?.form) return form.resources.table.form === 'modal' ? 'modal' : 'inline';
  const layout = (form.schema['x-layout'] ?? form.resources?.uiSchema) as Record<string, unknown> | undefined;
  const fromUi = form.resources?.uiSchema?.['x-form'];
  return (layout?.['x-form'] ?? fromUi) === 'modal' ? 'modal' : 'inline';
}

export interface ListState {
  items: Doc[];
  count: number;
  /** The server's count stopped at its cap, or is an estimate (see `countText`). */
  countCapped?: boolean;
  countEstimated?: boolean;
}

/** A new item goes on top, the count grows, and the last item drops when the page overflows. */
export function insertOnTop(state: ListState, item: Doc, pageSize?: number): ListState {
  const items = [item, ...state.items];
  if (pageSize && items.length > pageSize) items.length = pageSize;
  return { items, count: state.count + 1 };
}

export function replaceItem(state: ListState, item: Doc): ListState {
  return { ...state, items: state.items.map((i) => (i.id === item.id ? item : i)) };
}
