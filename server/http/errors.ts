import type { FieldError } from '../../engine/validate.ts';

/** A request the server refuses: answered with `status` and `{errors}`; nothing is written. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 423 | 429,
    readonly errors: FieldError[],
    readonly result?: unknown,
  ) {
    super(errors.map((e) => (e.field ? `${e.field}: ${e.msg}` : e.msg)).join('; '));
  }
}

export const fail = (status: ApiError['status'], msg: string, field: string | null = null, result?: unknown) =>
  new ApiError(status, [{ field, msg }], result);

/** The one uuid check (a bare uuid, never `urn:uuid:…`), shared with the ajv `uuid` format. */
export { isUuid } from '../../engine/formats.ts';
