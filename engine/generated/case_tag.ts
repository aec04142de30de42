/* Generated from schemas/forms/case_tag.json by `npm run gen:types`. Do not edit. */

export interface CaseTag {
  /**
   * @maxItems 200
   */
  tagIds?: string[];
  /**
   * @maxItems 20
   */
  newTags?: string[] | null;
}
