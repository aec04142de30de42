/**
 * The `%…%` pattern that makes `ilike` find `text` anywhere, its own `\`, `%` and `_` taken literally.
 * @example likePattern('50%_a') // '%50\\%\\_a%'
 */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
