import type { FieldError } from './types.ts';

/**
 * A failed API call: HTTP status, the `errors` of the envelope and whatever `result` came with
 * them (the login answer carries `result.workspaces` beside its error).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[];
  readonly result: unknown;

  constructor(status: number, errors: FieldError[], result?: unknown) {
    super(errors.map((e) => e.msg).join('; ') || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.result = result;
  }
}

/** The errors of any thrown value, as field errors (network failures become one whole-request error). */
export function errorsOf(err: unknown): FieldError[] {
  if (err instanceof ApiError) return err.errors.length ? err.errors : [{ field: null, msg: err.message }];
  return [{ field: null, msg: err instanceof Error ? err.message : String(err) }];
}
