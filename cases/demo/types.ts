/**
 * What the demo register is planned from (the seeded catalogues, read by `catalogue.ts`) and what it
 * plans (rows per table, as documents of their schemas: `plan.ts`).
 */
import type { Doc } from '../../server/types.ts';

/** A TB unit that registers cases, with what it treats. */
export interface DemoUnit {
  id: string;
  name: string;
  /** The admin unit of its address, and the areas below it (where its patients live). */
  areaId: string;
  areas: string[];
  /** Treats drug-susceptible TB, DR-TB, NTM (`unit.tbFacility`, `drtbFacility`, `ntmFacility`). */
  tb: boolean;
  drtb: boolean;
  ntm: boolean;
}

export interface DemoLab {
  id: string;
  culture: boolean;
  dst: boolean;
}

export interface DemoRegimen {
  id: string;
  /** The demo catalogue's `customId` (`TB-6M`, `DRTB-BPALM`, `DRTB-LONG`, `NTM-MAC`). */
  code: string;
  classification: 'TB' | 'DRTB' | 'NTM';
  medicines: { productId: string; doseUnit: number; frequency: number; iniDay: number; days: number }[];
}

/** A demo user who writes comments, issues and answers. */
export interface DemoUser {
  id: string;
  login: string;
  unitId: string;
  /** The units whose cases the user may write on (their unit, or their area's units when they act for them). */
  writesFor: string[];
  /** May comment on a case (CASE_COMMENTS), raise issues (NEW_ISSUE), answer them (ANSWER_ISSUE). */
  comments: boolean;
  raises: boolean;
  answers: boolean;
}

/** The seeded catalogues the register refers to. */
export interface DemoCatalogue {
  workspaceId: string;
  /** The database's date (ISO): nothing that happened is after it. */
  today: string;
  /** 'WHO2013' or 'WHO2021': the culture conversion rule of the workspace. */
  definitions: 'WHO2013' | 'WHO2021';
  units: DemoUnit[];
  labs: DemoLab[];
  regimens: DemoRegimen[];
  /** Medicine ids by short name (`R 300`, `Lfx 250`, …) for individualised regimens. */
  products: Record<string, string>;
  /** Substance ids by short name (`H`, `R`, `Bdq`, …) for adverse effects. */
  substances: Record<string, string>;
  users: DemoUser[];
  /** Manual tag ids by name. */
  tags: Record<string, string>;
}

/** The planned rows of each table (a document of its schema with its `id`). */
export type DemoRows = Record<string, (Doc & { id: string })[]>;
