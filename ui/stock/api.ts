/** The drug supply's calls for the unit's stock tab (stock/routes.ts): answer types from the server's (type-only). */
import type { MedicineStock } from '../../stock/batches.ts';
import type { StockCard } from '../../stock/card.ts';
import type { ExpiryAlert, UnitWarnings } from '../../stock/alerts.ts';
import type { ProposalLine } from '../../stock/planning.ts';
import { api, tableApi, type Doc, type RemoteForm } from '../api/index.ts';
import { withoutField } from '../cases/treatment/forms.ts';

/** A medicine below or above its months of stock. */
export interface LevelAlert {
  productId: string;
  productName: string;
  onHand: number;
  amc: number;
  months: number;
  level: 'LOW' | 'HIGH';
}

/** A medicine's stock-out date by the current patients' plan. */
export interface StockOutAlert {
  productId: string;
  productName: string;
  onHand: number;
  date: string;
}

export interface UnitAlerts {
  date: string;
  settings: { monthsToAlertExpiredMedicines: number; minStockOnHand: number; maxStockOnHand: number };
  expiring: ExpiryAlert[];
  levels: LevelAlert[];
  stockOut: StockOutAlert[];
}

/** The unit's order proposal on a day (`GET /api/stock/unit/{id}/proposal`, stock/planning.ts `orderProposal`). */
export interface OrderProposal {
  date: string;
  /** The days the forecast covers (the unit's `numDaysOrder`). */
  numDaysOrder: number;
  /** The months of stock an order fills up to (the workspace's maximum). */
  maxStockOnHand: number;
  lines: ProposalLine[];
}

const unitPath = (unitId: string) => `/api/stock/unit/${encodeURIComponent(unitId)}`;

/** `GET /api/stock/unit/{id}`, `…/alerts`, `…/proposal` and a batch's card `GET /api/stock/batch/{id}/card`. */
export const stockApi = {
  stock: (unitId: string) => api.get<{ medicines: MedicineStock[]; initialOpen: boolean; lastCount?: string }>(unitPath(unitId)),
  alerts: (unitId: string) => api.get<UnitAlerts>(`${unitPath(unitId)}/alerts`),
  proposal: (unitId: string, signal?: AbortSignal) => api.get<OrderProposal>(`${unitPath(unitId)}/proposal`, signal),
  card: (batchId: string, signal?: AbortSignal) => api.get<StockCard>(`/api/stock/batch/${encodeURIComponent(batchId)}/card`, signal),
};

/** A unit of the reader's view with warnings (`GET /api/stock/alerts`). */
export type { UnitWarnings };

/** The case's dispensings and what its treatment calls for (`GET /api/stock/case/{id}`). */
export interface CaseStock {
  to: string;
  due: { productId: string; productName: string; taken: number; dispensed: number; due: number }[];
  dispensings: { id: string; date: string; unitName: string; productName: string; batchNumber: string; expiryDate: string; quantity: number }[];
}

/** What a dispensing for a case wrote and could not give (`POST /api/stock/case/{id}/dispense`). */
export type { CaseDispensed } from '../../stock/case-dispense.ts';

/** `GET /api/stock/alerts` and `GET /api/stock/case/{id}`. */
export const stockViewApi = {
  warnings: () => api.get<{ date: string; units: UnitWarnings[] }>('/api/stock/alerts'),
  ofCase: (caseId: string) => api.get<CaseStock>(`/api/stock/case/${encodeURIComponent(caseId)}`),
};

/**
 * A stock document's own form (`/api/tbl/<table>/form`) started at the unit whose tab it opens from,
 * the fields only the server sets (an order's supplier, state and step dates) left out, and a field's
 * choices narrowed to those the server will take (`choices`: the movement types this user may enter here).
 * @example stockForm('stockorder', { unitId }, ['state', 'supplierId'])
 * @example stockForm('stockmovement', { unitId }, ['balance'], { type: ['RECEIPT'] })
 */
export async function stockForm(table: string, values: Doc, omit: string[] = [], choices: Record<string, string[]> = {}): Promise<RemoteForm> {
  const form = await tableApi.form(table);
  const doc: Doc = { ...(form.doc ?? {}), ...values };
  for (const f of omit) delete doc[f];
  let schema = omit.reduce((s, f) => withoutField(s, f), form.schema);
  for (const [field, allowed] of Object.entries(choices)) {
    schema = narrowEnum(schema, field, allowed);
    if (!allowed.includes(doc[field] as string)) doc[field] = allowed.length === 1 ? allowed[0] : undefined;
  }
  return { ...form, doc, schema };
}

/** The schema with the field's `enum` kept to `allowed`, in the schema's order. */
function narrowEnum(schema: RemoteForm['schema'], field: string, allowed: string[]): RemoteForm['schema'] {
  const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const prop = props[field];
  if (!prop || !Array.isArray(prop.enum)) return schema;
  return { ...schema, properties: { ...props, [field]: { ...prop, enum: prop.enum.filter((v) => allowed.includes(v as string)) } } };
}
