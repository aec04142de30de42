/**
 * The detail of a command-history entry: a text, items `{title, value}` (a title starting with `+`
 * or `-` marks an added or removed child item) and diffs `{title, prevValue, newValue}`; titles are
 * in the language of the user who made the change.
 */
export interface HistoryDetail {
  text?: string;
  items?: { title: string; value: unknown }[];
  diffs?: { title: string; prevValue: unknown; newValue: unknown }[];
}
