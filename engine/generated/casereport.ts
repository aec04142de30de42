/* Generated from schemas/tables/casereport.json by `npm run gen:types`. Do not edit. */

export interface Casereport {
  name: string;
  scope: "WORKSPACE" | "ADMINUNIT" | "UNIT";
  scopeId?: string;
  dashboard: boolean;
  filters?: {};
  /**
   * @maxItems 50
   */
  indicators?: {
    title?: string;
    size?: number;
    chart?: "pie" | "bar" | "line" | "column" | "area" | "areaspline" | "spline";
    display?: 0 | 1 | 2;
    filters?: {};
    /**
     * @maxItems 3
     */
    columnVariables: string[];
    /**
     * @maxItems 3
     */
    rowVariables: string[];
    selection?: "row" | "column";
    selIndex?: number;
    trend?: string;
    rate?: boolean;
  }[];
}
