// What an offline client's upload carries (`POST /api/sync/push`, its body checked against `pushBody`)
// and what the server answers for each change (server/sync/push.ts applies them).
import type { JsonSchema } from '../../engine/types.ts';
import type { FieldError } from '../../engine/validate.ts';
import type { FieldConflict } from './merge.ts';
import type { Doc } from '../types.ts';

/** At most this many changes in one upload: the client sends more in several. */
export const PUSH_MAX = 200;

/** One change the client made, as it uploads it. */
export interface ClientChange {
  /** The client's id of this change (a uuid): the key of idempotence. */
  changeId: string;
  table: string;
  op: 'create' | 'update' | 'delete';
  /** The row's id; a row created offline carries the id the client gave it. */
  id: string;
  /** update / delete: the version of the row the client's copy was based on. */
  baseVersion?: number;
  /** create: the row; update: the fields changed (a child table whole). */
  data?: Doc;
  /**
   * Who the client says made the change (a user of the client's unit). Kept with the answer as the
   * client's word only: the change is applied as the uploader, with the uploader's rights.
   */
  userId?: string;
  /** When it was made on the client (dated now if later; the row's previous change or the uploader's last synchronisation if earlier). */
  at: string;
}

export type PushResult = 'applied' | 'merged' | 'conflict' | 'rejected';

/** What the server answers for one change. */
export interface PushAnswer {
  changeId: string;
  id: string;
  result: PushResult;
  /** The row's version after the change (not for a rejection or a delete). */
  version?: number;
  /** conflict: the fields whose server value was kept. */
  conflicts?: FieldConflict[];
  /** rejected: why. */
  errors?: FieldError[];
}

const UUID = { type: 'string', format: 'uuid' } as const;
export const pushBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['changes'],
  properties: {
    changes: {
      type: 'array',
      maxItems: PUSH_MAX,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['changeId', 'table', 'op', 'id', 'at'],
        properties: {
          changeId: UUID,
          table: { type: 'string', maxLength: 63 },
          op: { type: 'string', enum: ['create', 'update', 'delete'] },
          id: UUID,
          baseVersion: { type: 'integer', minimum: 1, maximum: 2147483647 },
          data: { type: 'object' },
          userId: UUID,
          at: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
};
