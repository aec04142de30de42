import type { FieldError } from '../../engine/validate.ts';

/** A request the server refuses: answered with `status` and `{errors}`; nothing is written. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 423 | 429,
    readonly errors: FieldError[],
    readonly result?: unknown,
  ) {
    super(errors.map((e) => (e.field ? `${e.field}: ${e.msg}` : e.msg)).join('; '));
  }
}

export const fail = (status: ApiError['status'], msg: string, field: string | null = null, result?: unknown) =>
  new ApiError(status, [{ field, msg }], result);

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: unknown): v is string => typeof v === 'string' && uuidRe.test(v);
