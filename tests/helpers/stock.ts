// The drug supply's test set-up: the demo workspace's units, medicines and sources by
// name, dates around today, and the calls a pharmacist makes (a movement, the unit's stock).
import { expect } from 'vitest';
import { createCase, newPatient, unitNamed } from './cases.ts';
import type { ApiClient, ApiResponse } from './server.ts';

type Doc = Record<string, any>;

/** The demo places and catalogues the stock tests use. */
export interface StockPlaces {
  /** Бишкекский городской диспансер: supplied and authorised by the national centre. */
  bishkek: string;
  /** Чуйский областной диспансер. */
  chui: string;
  /** Национальный центр фтизиатрии: receives from manufacturers. */
  ncf: string;
  hrze: string;
  hr: string;
  gf: string;
  budget: string;
}

/** The demo's units, two medicines and two sources by name. */
export async function stockPlaces(admin: ApiClient): Promise<StockPlaces> {
  const products = (await admin.post('/api/tbl/product/query', { pageSize: 100 })).body.list as Doc[];
  const sources = (await admin.post('/api/tbl/source/query', { pageSize: 100 })).body.list as Doc[];
  return {
    bishkek: await unitNamed(admin, 'Бишкекский'),
    chui: await unitNamed(admin, 'Чуйский'),
    ncf: await unitNamed(admin, 'Национальный центр'),
    hrze: products.find((p) => p.shortName === 'HRZE 75/150/400/275')!.id,
    hr: products.find((p) => p.shortName === 'HR 75/150')!.id,
    gf: sources.find((s) => s.shortName === 'Глобальный фонд')!.id,
    budget: sources.find((s) => s.shortName === 'Госбюджет')!.id,
  };
}

/**
 * A new TB unit supplied and authorised by the national centre, ordering for `numDaysOrder` days; its id.
 * @example const u = await newSupplyUnit(admin, p, 'ЦСМ Заказов', 60)
 */
export async function newSupplyUnit(admin: ApiClient, p: StockPlaces, name: string, numDaysOrder: number): Promise<string> {
  const address = (await admin.get(`/api/tbl/unit/${p.bishkek}`)).body.address;
  const r = await admin.post('/api/tbl/unit', { type: 'TBUNIT', name, active: true, address, receiveFromManufacturer: false, supplierId: p.ncf, authorizerId: p.ncf, numDaysOrder });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as string;
}

/**
 * The day `days` from today (UTC, as the server's 'today' without a time zone) as YYYY-MM-DD.
 * @example day(-1) // yesterday
 */
/** The demo catalogue's names as the forms show them: the HR and HRZE tablets, the Global Fund source. */
export const STOCK_NAMES = {
  HR: 'Изониазид + Рифампицин, таблетки 75/150 мг',
  HRZE: 'Изониазид + Рифампицин + Пиразинамид + Этамбутол, таблетки 75/150/400/275 мг',
  GF: 'Глобальный фонд для борьбы со СПИДом, туберкулёзом и малярией',
};

export const day = (days = 0): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Writes one movement through the ledger's table API; the raw answer. */
export const move = (client: ApiClient, doc: Doc): Promise<ApiResponse> => client.post('/api/tbl/stockmovement', { date: day(), ...doc });

/** Writes one movement that must succeed; its id. */
export async function moved(client: ApiClient, doc: Doc): Promise<string> {
  const r = await move(client, doc);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as string;
}

/** The unit's stock on hand of each batch, by batch number (`{A1: 40}`), as `GET /api/stock/unit/{unitId}` answers it. */
export async function onHandByBatch(client: ApiClient, unitId: string): Promise<Record<string, number>> {
  const r = await client.get(`/api/stock/unit/${unitId}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return Object.fromEntries((r.body.medicines as Doc[]).flatMap((m) => m.batches.map((b: Doc) => [b.batchNumber, b.quantity])));
}

/** A confirmed TB case of a new patient registered at `unitId`; its id. */
export async function stockPatientCase(admin: ApiClient, unitId: string, lastName: string): Promise<string> {
  const patientId = await newPatient(admin, { name: 'Айбек', lastName, gender: 'MALE', birthDate: '1985-03-02' });
  return createCase(admin, patientId, unitId);
}

/**
 * A case of `unitId` on 2HRZE/4HR from Monday 3 August 2026 (HRZE 4 units a day for its first 60 days)
 * with the calendar's August days recorded as taken (DOTS); its id. Three days: 12 HRZE units due.
 */
export async function stockTreatedCase(admin: ApiClient, unitId: string, lastName: string, augustDaysTaken: number[]): Promise<string> {
  const caseId = await stockPatientCase(admin, unitId, lastName);
  const regimenId = (await admin.post('/api/tbl/regimen/query', { pageSize: 50 })).body.list.find((r: Doc) => r.name === '2HRZE/4HR').id;
  const start = await admin.post('/api/cases/case/treatment/start', { caseId, unitId, iniDate: '2026-08-03', regimenId });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const r = await admin.post('/api/cases/case/treatment/followup', { caseId, year: 2026, month: 8, days: augustDaysTaken.map((d) => ({ day: d, status: 'DOTS' })) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return caseId;
}
