/* Generated from schemas/tables/product.json by `npm run gen:types`. Do not edit. */

export interface Product {
  type: "MEDICINE" | "PRODUCT";
  shortName: string;
  name: string;
  active: boolean;
  customId?: string;
  category?: "ORAL" | "INJECTABLE";
  line?: "FIRST_LINE" | "SECOND_LINE" | "OTHER";
  substances?: string[];
}
