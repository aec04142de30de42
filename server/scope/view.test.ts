// The reader's and the writer's view: each view kind × the administrator flag ×
// playOtherUnits × a user with or without a unit and an area. Expected views written from the rule
// (view.ts): administrator or WORKSPACE → the workspace; ADMINUNIT → the area of the user's unit;
// UNIT → the unit; writing without playOtherUnits (and not administrator) → the own unit only.
import { describe, expect, it } from 'vitest';
import type { Session } from '../types.ts';
import { readerView, seesWholeWorkspace, writerView } from './view.ts';

const session = (x: Partial<Session>): Session =>
  ({ administrator: false, playOtherUnits: false, view: 'UNIT', unitId: 'u1', adminUnitId: 'a1', ...x }) as Session;

type View = ReturnType<typeof readerView>;
const WORKSPACE: View = { kind: 'workspace' };
const AREA: View = { kind: 'area', areaId: 'a1' };
const UNIT: View = { kind: 'unit', unitId: 'u1' };
const NONE: View = { kind: 'none' };
/** A view as the test's name says it: `unit u1`, `area a1`, `workspace`, `none`. */
const name = (v: View) => Object.values(v).join(' ');

describe('readerView and writerView', () => {
  const rows: [string, Partial<Session>, View, View][] = [
    // who, session, read view, write view
    ['administrator (whatever view)', { administrator: true, view: 'UNIT' }, WORKSPACE, WORKSPACE],
    ['administrator without a unit', { administrator: true, unitId: null, adminUnitId: null }, WORKSPACE, WORKSPACE],
    ['workspace view', { view: 'WORKSPACE' }, WORKSPACE, UNIT],
    ['workspace view, plays other units', { view: 'WORKSPACE', playOtherUnits: true }, WORKSPACE, WORKSPACE],
    ['workspace view without a unit', { view: 'WORKSPACE', unitId: null }, WORKSPACE, NONE],
    ['area view', { view: 'ADMINUNIT' }, AREA, UNIT],
    ['area view, plays other units', { view: 'ADMINUNIT', playOtherUnits: true }, AREA, AREA],
    ['area view whose unit has no area: its unit', { view: 'ADMINUNIT', adminUnitId: null }, UNIT, UNIT],
    ['unit view', { view: 'UNIT' }, UNIT, UNIT],
    ['unit view, plays other units', { view: 'UNIT', playOtherUnits: true }, UNIT, UNIT],
    ['unit view without a unit', { view: 'UNIT', unitId: null }, NONE, NONE],
    ['unit view without a unit, plays other units', { view: 'UNIT', unitId: null, playOtherUnits: true }, NONE, NONE],
    ['no view set: the unit', { view: null }, UNIT, UNIT],
  ];
  it.each(rows.map(([who, x, read, write]) => [who, name(read), name(write), x, read, write] as const))('%s: reads %s, writes %s', (_who, _r, _w, x, read, write) => {
    const s = session(x);
    expect(readerView(s)).toEqual(read);
    expect(writerView(s)).toEqual(write);
    expect(seesWholeWorkspace(s)).toBe(read === WORKSPACE);
  });
});
