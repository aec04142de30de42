/** Calls of the case lists and places: see cases/places/routes.ts. */
import type { TreeNode } from '../../cases/places/tree.ts';
import { api } from '../api/index.ts';

// The server's own tree node type (type-only: no server code enters the UI bundle).
export type { TreeNode } from '../../cases/places/tree.ts';

export type PlaceScope = 'WORKSPACE' | 'ADMINUNIT' | 'UNIT';

export interface CaseRow {
  id: string;
  caseNumber?: string;
  patient?: { id: string; name?: string };
  ownerUnit?: { id: string; name?: string };
  state: string;
  diagnosisType: string;
  classification: string;
  validated?: boolean;
  transferring?: boolean;
  registrationDate?: string;
  /** The treatment adherence alert (cases/treatment/alert.ts). */
  adherenceAlert?: boolean;
}

export interface CasePage {
  count: number;
  list: CaseRow[];
  next: string | null;
}

export interface SummaryItem {
  id: string;
  name: string;
  count: number;
}

export interface TagItem extends SummaryItem {
  type: 'MANUAL' | 'AUTO' | 'AUTODANGER';
}

export interface SummaryResult {
  summary: SummaryItem[];
  tags: TagItem[];
  counts: { suspect: number; tb: number; drtb: number; ntm: number; closed: number };
}

export type ActiveTab = 'presumptives' | 'tbCases' | 'drtbCases';
export type ActiveResult = Record<ActiveTab, CasePage> & { unit: { id: string; name: string; type: string }; defaultTab: ActiveTab };

export const placesApi = {
  summary: (scope: PlaceScope, scopeId?: string, signal?: AbortSignal) => api.post<SummaryResult>('/api/cases/summary', scopeId ? { scope, scopeId } : { scope }, signal),
  summaryQuery: (scope: PlaceScope, scopeId: string | undefined, summaryId: string, page: number, signal?: AbortSignal) =>
    api.post<CasePage & { summary: SummaryItem }>('/api/cases/summary/query', { scope, ...(scopeId ? { scopeId } : {}), summaryId, page }, signal),
  active: (unitId: string, tab?: ActiveTab, page?: number, signal?: AbortSignal) => api.post<ActiveResult>(`/api/cases/unit/${encodeURIComponent(unitId)}`, tab ? { tab, page } : {}, signal),
  tagQuery: (scope: PlaceScope, scopeId: string | undefined, tagId: string, page: number, signal?: AbortSignal) =>
    api.post<CasePage & { tag: { id: string; name: string; type: string } }>('/api/cases/tag/query', {
      tagId,
      page,
      ...(scope === 'UNIT' && scopeId ? { unitId: scopeId } : scope === 'ADMINUNIT' && scopeId ? { adminUnitId: scopeId } : {}),
    }, signal),
  root: (adminUnitId?: string, signal?: AbortSignal) => api.post<TreeNode>(`/api/cases/view${adminUnitId ? `?adminUnitId=${encodeURIComponent(adminUnitId)}` : ''}`, {}, signal),
  children: (parentId: string, signal?: AbortSignal) => api.post<TreeNode[]>(`/api/cases/view/places?parentId=${encodeURIComponent(parentId)}`, {}, signal),
};

/** Where a place's pages live: `/sys/unit`, `/sys/adminunit` or `/sys/workspace`, with `?id=` for the first two. */
export interface PlaceRef {
  scope: PlaceScope;
  id?: string;
  /** Its name as the page shows it (the exports say it); none: the workspace's, or unnamed. */
  name?: string;
}

export const placeBase = (p: PlaceScope) => (p === 'UNIT' ? '/sys/unit' : p === 'ADMINUNIT' ? '/sys/adminunit' : '/sys/workspace');

/**
 * The link to a sub-route of a place, keeping its id (and extra parameters).
 * @example placeLink({ scope: 'UNIT', id: 'u1' }, 'cases/active') // '/sys/unit/cases/active?id=u1'
 */
export function placeLink(p: PlaceRef, sub: string, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ ...(p.id ? { id: p.id } : {}), ...extra }).toString();
  return `${placeBase(p.scope)}/${sub}${q ? `?${q}` : ''}`;
}
