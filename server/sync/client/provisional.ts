/**
 * A case notified on the offline client gets a provisional number, `П-000001`, counted on the client;
 * the upload leaves it out, the server numbers the case as any other, and the case's number comes back
 * with the server's changes and replaces the provisional one.
 */

/** The prefix of a provisional case number. */
export const PROVISIONAL_PREFIX = 'П-';

/**
 * Whether a case number is a provisional one of an offline client.
 * @example isProvisionalCaseNumber('П-000003') // true
 */
export const isProvisionalCaseNumber = (n: unknown): boolean => typeof n === 'string' && n.startsWith(PROVISIONAL_PREFIX);
