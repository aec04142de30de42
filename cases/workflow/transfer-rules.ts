import type { Session } from '../../server/types.ts';

/**
 * The two rules of a transfer as pure functions, so each unit type and each kind
 * of user is tested beside them (`transfer-rules.test.ts`); `transfer.ts` reads the unit and applies them.
 */

/**
 * Acts for `unitId`: an administrator, a user with `playOtherUnits`, or a user of that unit.
 * @example actsFor({ administrator: false, playOtherUnits: false, unitId: 'u1' }, 'u1') // true
 */
export const actsFor = (s: Pick<Session, 'administrator' | 'playOtherUnits' | 'unitId'>, unitId: unknown): boolean =>
  s.administrator || s.playOtherUnits || (!!s.unitId && s.unitId === unitId);

/** The unit types a case may be transferred to: TB units only, never a laboratory. */
export const TRANSFER_UNIT_TYPES = ['TBUNIT'] as const;

/**
 * Why a case owned by `ownerUnitId` cannot move to `unit` (the row read from the session's
 * workspace, undefined when there is none): the message key, or undefined when it may.
 * @example unitToRefusal({ id: 'lab1', type: 'LAB' }, 'u1') // 'tbcase.unitToNotTb'
 */
export function unitToRefusal(unit: { id: string; type: string } | undefined, ownerUnitId: unknown): 'tbcase.unitToNotTb' | 'tbcase.sameUnit' | undefined {
  if (!unit || !(TRANSFER_UNIT_TYPES as readonly string[]).includes(unit.type)) return 'tbcase.unitToNotTb';
  if (unit.id === ownerUnitId) return 'tbcase.sameUnit';
  return undefined;
}
