// The case reports' pages asked apart from their counts (each has its own time goal): a drill-through
// page alone (`count: false`: the number is the indicator's, already on the screen) and the advanced
// search's count, the planner's estimate from 5 000 cases on (said to be one), exact when asked.
//
// The workspace holds 6 000 generated cases (registered 2015–2025) and nothing else: the demo's own
// cases are removed first. Every number below follows from that: 6 000 in all, 50 to a page.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCases } from '../../cases/generate.ts';
import { kysely } from '../../server/db/kysely.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { clearWorkspaceCases } from '../helpers/workspace.ts';

const CASES = 6000;

useTestServer();
beforeAll(async () => {
  const db = kysely(server.ctx.orm.em.fork());
  const ws = (await admin.post('/api/sys/session')).body.workspaceId;
  await clearWorkspaceCases(server, ws);
  await generateCases(db, ws, CASES, { numberPrefix: 'P-' });
  // the planner's estimates of the rows as a server's autovacuum would leave them
  await sql`analyze caseanalytic`.execute(db);
}, 120_000);

describe('the advanced search count', () => {
  it('says a count of thousands is an estimate, and counts exactly when asked', async () => {
    const estimated = await admin.post('/api/cases/search/count', {});
    expect(estimated.status, JSON.stringify(estimated.body)).toBe(200);
    expect(estimated.body.countEstimated).toBe(true);
    // the planner's number for the 6 000 rows it has statistics of
    expect(estimated.body.count).toBeGreaterThan(5000);
    expect(estimated.body.count).toBeLessThan(7000);
    const exact = await admin.post('/api/cases/search/count', { exact: true });
    expect(exact.body).toEqual({ count: CASES, countCapped: false });
  });

  it('counts exactly what the planner expects to be few', async () => {
    // no generated case is registered before 2015
    const none = await admin.post('/api/cases/search/count', { filters: { registrationDate: { ini: '2010-01', end: '2010-12' } } });
    expect(none.body).toEqual({ count: 0, countCapped: false });
  });

  it('refuses an exact that is not yes or no', async () => {
    expect((await admin.post('/api/cases/search/count', { exact: 'yes' })).status).toBe(400);
  });
});

describe('a drill-through page asked alone', () => {
  /** The same cell's pages, counted and not. */
  const cellPages = async (body: Record<string, unknown>, page: number) => {
    const counted = await admin.post('/api/cases/report/ind/cases', { ...body, page });
    const alone = await admin.post('/api/cases/report/ind/cases', { ...body, page, count: false });
    expect(counted.status, JSON.stringify(counted.body)).toBe(200);
    expect(alone.status, JSON.stringify(alone.body)).toBe(200);
    return { counted: counted.body, alone: alone.body };
  };

  it('gives the page of the counted list without its count: a cell of the counts cube, a row total', async () => {
    const cell = { rowVariables: ['gender'], columnVariables: ['classification'], row: ['FEMALE'] };
    const { counted, alone } = await cellPages(cell, 1);
    expect(alone).not.toHaveProperty('count');
    expect(alone.list).toHaveLength(50);
    expect(alone.list.map((x: any) => x.id)).toEqual(counted.list.map((x: any) => x.id));
    expect(alone.next).toBe(counted.next);
  });

  it('gives the same pages for a cell outside the cube (an age band), the second page too', async () => {
    const ind = (await admin.post('/api/cases/report/ind/exec', { rowVariables: ['diagnosisType'], columnVariables: ['ageRange'] })).body.indicator;
    // the band of the most confirmed cases, a cell of hundreds
    const row = ind.rows.findIndex((r: any) => r.keys[0] === 'CONFIRMED');
    const column = ind.values[row].indexOf(Math.max(...ind.values[row]));
    const cell = { rowVariables: ['diagnosisType'], columnVariables: ['ageRange'], row: ['CONFIRMED'], column: [ind.columns[column].keys[0]] };
    for (const page of [1, 2]) {
      const { counted, alone } = await cellPages(cell, page);
      expect(counted.count).toBe(ind.values[row][column]);
      expect(alone.list.map((x: any) => x.id)).toEqual(counted.list.map((x: any) => x.id));
      expect(alone.list).toHaveLength(50);
    }
  });
});
