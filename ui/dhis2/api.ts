/** The calls of the export to DHIS2 (reports/dhis2/routes.ts); the answer types are the server's (type-only). */
import type { PreviewValue } from '../../reports/dhis2/values.ts';
import { api } from '../api/index.ts';

export type { PreviewValue };

export interface MappingInfo {
  id: string;
  name: string;
  dataSet: string;
  periodType: 'Quarterly' | 'Yearly';
  orgUnits: 'unit' | 'area';
  values: number;
}

/** What the screen asks for: a mapping, a period, a place. */
export interface ExportChoice {
  mapping: string;
  year: number;
  quarter?: number;
  scope: 'WORKSPACE' | 'ADMINUNIT' | 'UNIT';
  scopeId?: string;
}

export interface Preview {
  dataSet: string;
  period: string;
  adxPeriod: string;
  orgUnits: { uid: string; name: string }[];
  values: PreviewValue[];
  unmapped: string[];
  withheld: number;
}

/** A sending as recorded: DHIS2's summary, or why none came. */
export interface Sending {
  id: string;
  mapping: string;
  dataSet: string;
  period: string;
  orgUnits: string[];
  values: number;
  dryRun: boolean;
  status: 'SUCCESS' | 'WARNING' | 'ERROR' | 'FAILED';
  imported: number | null;
  updated: number | null;
  ignored: number | null;
  deleted: number | null;
  conflicts: { object: string; value: string }[];
  error: string | null;
  userName: string | null;
  sentAt: string;
}

export interface ServerSettings {
  url: string | null;
  username: string | null;
  passwordSet: boolean;
}

const body = (c: ExportChoice) => ({ mapping: c.mapping, year: c.year, ...(c.quarter ? { quarter: c.quarter } : {}), scope: c.scope, ...(c.scopeId ? { scopeId: c.scopeId } : {}) });

export const dhis2Api = {
  mappings: async (signal?: AbortSignal) => (await api.post<{ mappings: MappingInfo[] }>('/api/dhis2/mappings', {}, signal)).mappings,
  preview: (c: ExportChoice) => api.post<Preview>('/api/dhis2/preview', body(c)),
  /** The data value set (an object) or the ADX document (text). */
  file: (c: ExportChoice, format: 'json' | 'adx') => api.post<unknown>('/api/dhis2/file', { ...body(c), format }),
  send: (c: ExportChoice, dryRun: boolean) => api.post<Sending>('/api/dhis2/send', { ...body(c), dryRun }),
  /** A page of the sendings, newest first; `after`: the `next` of the page before. */
  sends: (after?: string, signal?: AbortSignal) => api.post<{ list: Sending[]; next: string | null }>('/api/dhis2/sends', after ? { after } : {}, signal),
  server: (signal?: AbortSignal) => api.get<ServerSettings>('/api/dhis2/server', signal),
  saveServer: (s: { url: string; username: string; password?: string }) => api.post<void>('/api/dhis2/server', s),
};
