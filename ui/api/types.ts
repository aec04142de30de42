/** Shapes shared by the API helpers (see docs/api.md). */

/** One validation or request error: `field` is a dotted JSON path or `null` for the whole request. */
export interface FieldError {
  field: string | null;
  msg: string;
}

/** The response envelope of most endpoints. */
export interface Envelope<T> {
  success: boolean;
  result?: T;
  errors?: FieldError[];
  errorId?: string;
}

/** `POST /api/.../query` answer. */
export interface QueryResult<T> {
  count: number;
  /** More rows than the server counts (10 000): show "10 000+". */
  countCapped?: boolean;
  /** Counting took too long: `count` is the planner's estimate. */
  countEstimated?: boolean;
  list: T[];
  /** The cursor of the next page (`after`), null on the last. */
  next?: string | null;
}

/** An option of a lookup (`POST /api/opts/{name}`). */
export interface Option {
  value: string | number | boolean;
  label: string;
  [extra: string]: unknown;
}

/** `POST /api/sys/session`. */
export interface Session {
  userId: string;
  userName: string;
  userLogin: string;
  workspaceId: string;
  workspaceName: string;
  userWorkspaceId: string;
  patientNameComposition?: string;
  permissions: string[];
  administrator: boolean;
  view?: string;
  unitId?: string;
  unitName?: string;
  adminUnitId?: string;
  adminUnitName?: string;
  playOtherUnits?: boolean;
  clientMode?: boolean;
  language?: string;
  /** `false` while the settings require the licence agreement and the user has not accepted it. */
  ulaAccepted?: boolean;
  /** The WHO definitions of the workspace (`WHO2021`, `WHO2013`): every export says which it counted by. */
  tbDefinitions?: string;
}

/** An item of `POST /api/sys/workspaces`. */
export interface WorkspaceItem {
  id: string;
  name: string;
}

export type SearchResultType = 'WORKSPACE' | 'ADMINUNIT' | 'TBUNIT' | 'LAB' | 'CASE_MAN' | 'CASE_WOMAN';

/** An item of `POST /api/session/search`. */
export interface SearchResult {
  id: string;
  type: SearchResultType;
  title: string;
  subtitle?: string;
}
