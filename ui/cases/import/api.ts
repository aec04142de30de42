/** Calls of the register import: see cases/import/routes.ts and docs/import.md. */
import { api } from '../../api/index.ts';

export type JobState = 'UPLOADING' | 'PARSING' | 'READY' | 'CHECKING' | 'CHECKED' | 'IMPORTING' | 'DONE' | 'FAILED' | 'CANCELLED';

// the mapping as the server reads it (type-only: no server code enters the UI bundle)
import type { ImportMapping, SheetMapping } from '../../../cases/import/mapping.ts';
import type { RowMessage } from '../../../cases/import/messages.ts';
export type { ImportMapping, RowMessage, SheetMapping };
export interface ImportJob {
  id: string;
  fileName: string;
  state: JobState;
  stateLabel: string;
  error: string | null;
  sheets: { name: string; headers: string[]; headerRow: number; rows: number }[];
  mapping: ImportMapping | null;
  total: number;
  done: number;
  counts: { imported: number; errors: number; skipped: number; warnings: number };
  checked: boolean;
  createdAt: string;
  userName?: string | null;
}
/** A mapping saved under a name (`importmapping`). */
export interface SavedMapping {
  id: string;
  name: string;
  mapping: ImportMapping;
}
export interface Option {
  value: string;
  label: string;
}
export interface FieldsView {
  roles: { role: string; label: string; fields: { id: string; label: string; kind: string; options?: Option[] }[] }[];
  required: string[];
  /** The notification forms with a template to download (`templateUrl`). */
  templates: { form: string; title: string }[];
}
export interface ColumnValues {
  sheet: string;
  column: string;
  field: string;
  label: string;
  options?: Option[];
  values: { text: string; count: number; matched: string | null; byUser: boolean }[];
}
export interface RowsPage {
  count: number;
  page: number;
  pageSize: number;
  byStatus: Record<string, number>;
  list: { sheet: string; rowNumber: number; status: string; messages: RowMessage[]; caseId: string | null }[];
}

/** The states in which the server works on a job in the background (the screen polls). */
export const WORKING: JobState[] = ['PARSING', 'CHECKING', 'IMPORTING'];

export const importApi = {
  job: (id: string, signal?: AbortSignal) => api.get<ImportJob>(`/api/import/${id}`, signal),
  jobs: (signal?: AbortSignal) => api.post<ImportJob[]>('/api/import/query', {}, signal),
  fields: (signal?: AbortSignal) => api.post<FieldsView>('/api/import/fields', {}, signal),
  values: (id: string, signal?: AbortSignal) => api.post<ColumnValues[]>(`/api/import/${id}/values`, {}, signal),
  /** Keeps the job's mapping; `saveAs` also saves it under that name for the next file of the same layout. */
  setMapping: (id: string, mapping: ImportMapping, saveAs?: string) => api.post<void>(`/api/import/${id}/mapping`, { mapping, ...(saveAs ? { saveAs } : {}) }),
  /** The saved mappings of the workspace, by name. */
  mappings: (signal?: AbortSignal) => api.post<SavedMapping[]>('/api/import/mappings', {}, signal),
  dryRun: (id: string) => api.post<void>(`/api/import/${id}/dryrun`, {}),
  run: (id: string) => api.post<void>(`/api/import/${id}/run`, {}),
  cancel: (id: string) => api.post<void>(`/api/import/${id}/cancel`, {}),
  rows: (id: string, page: number, status?: string, signal?: AbortSignal) => api.post<RowsPage>(`/api/import/${id}/rows`, { page, ...(status ? { status } : {}) }, signal),
  reportUrl: (id: string) => `/api/import/${id}/report`,
  templateUrl: (form: string) => `/api/import/template/${encodeURIComponent(form)}`,
};

/** Whether two mappings say the same (keys in any order: the server stores them as jsonb). */
export function sameMapping(a: ImportMapping | null, b: ImportMapping | null): boolean {
  const canon = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon((v as Record<string, unknown>)[k])])) : Array.isArray(v) ? v.map(canon) : v;
  return JSON.stringify(canon(a ?? null)) === JSON.stringify(canon(b ?? null));
}

/** The bytes a piece of an upload carries. */
const PIECE = 512 * 1024;

/**
 * Uploads a file in base64 pieces and asks the server to read it: the new job's id. With `mappingId`
 * the job starts from that saved mapping instead of one made from the headers.
 * @example const id = await uploadFile(file, (sent) => setSent(sent))
 */
export async function uploadFile(file: File, progress: (sent: number) => void = () => {}, mappingId?: string): Promise<string> {
  const up = await api.post<string>('/api/import/upload', { fileName: file.name, fileSize: file.size, ...(mappingId ? { mappingId } : {}) });
  for (let seq = 0; seq * PIECE < file.size; seq++) {
    const bytes = new Uint8Array(await file.slice(seq * PIECE, (seq + 1) * PIECE).arrayBuffer());
    await api.post(`/api/import/${up}/chunk`, { seq, data: base64(bytes) });
    progress(Math.min(file.size, (seq + 1) * PIECE));
  }
  await api.post(`/api/import/${up}/parse`, {});
  return up;
}

function base64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
