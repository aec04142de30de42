// Each of the seven follow-up exam types of a case, each declared by one schema file only, through
// the generic table API: a valid exam stored (the row checked in the database), its required and
// conditional fields, read with its permission and changed only with <permission>_EDT, and hidden
// entirely from a user without it. Shared set-up: tests/helpers/followup-exams.ts.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';
import { allPerms, fieldsOf, other, reader, storedRow, types, useFollowupExams, writer } from '../helpers/followup-exams.ts';

useFollowupExams();

describe.each(types().map((x) => [x.table, x] as const))('%s', (table) => {
  const spec = () => types().find((x) => x.table === table)!;
  const create = (client: ApiClient, doc: Record<string, unknown>) => client.post(`/api/tbl/${table}`, { caseId: other.id, ...doc });

  it('stores a valid exam of the case', async () => {
    const r = await create(writer, spec().valid);
    expect(r.status).toBe(200);
    const row = await storedRow(table, r.body.result);
    expect(row.caseId).toBe(other.id);
    for (const [k, v] of Object.entries(spec().valid)) expect(row[k], k).toEqual(typeof v === 'string' && k.toLowerCase().includes('date') ? expect.anything() : v);
    expect((await writer.get(`/api/tbl/${table}/${r.body.result}`)).body.date).toBe(spec().valid.date);
  });

  it('requires each field the spec requires: 400 naming it', async () => {
    for (const field of [...spec().required, 'caseId']) {
      const doc: Record<string, unknown> = { caseId: other.id, ...spec().valid };
      delete doc[field];
      const r = await writer.post(`/api/tbl/${table}`, doc);
      expect(r.status, field).toBe(400);
      expect(fieldsOf(r), field).toContain(field);
      expect(r.body.success).toBe(false);
    }
  });

  it('drops each conditional field while hidden, and keeps (or requires) it while shown', async () => {
    for (const rule of spec().rules) {
      const hidden = await create(writer, { ...spec().valid, ...rule.hidden, [rule.field]: rule.value });
      expect(hidden.status, rule.field).toBe(200);
      expect((await storedRow(table, hidden.body.result))[rule.field], `${rule.field} hidden`).toBeNull();

      const shown = await create(writer, { ...spec().valid, ...rule.shown, [rule.field]: rule.value });
      expect(shown.status, rule.field).toBe(200);
      const row = await storedRow(table, shown.body.result);
      if (typeof rule.value === 'string' && rule.field.toLowerCase().includes('date')) expect(row[rule.field]).not.toBeNull();
      else expect(row[rule.field]).toEqual(rule.value);
      expect((await writer.get(`/api/tbl/${table}/view/${shown.body.result}`)).status).toBe(200);

      const without = await create(writer, { ...spec().valid, ...rule.shown });
      if (rule.required) {
        expect(without.status, `${rule.field} required when shown`).toBe(400);
        expect(fieldsOf(without)).toContain(rule.field);
      } else {
        expect(without.status, `${rule.field} optional when shown`).toBe(200);
      }
    }
  });

  it('is read with its permission, changed only with <permission>_EDT (403 without)', async () => {
    const id = (await create(writer, spec().valid)).body.result;
    const denied = await create(reader, spec().valid);
    expect(denied.status).toBe(403);
    expect(denied.body.success).toBe(false);
    expect((await reader.post(`/api/tbl/${table}/${id}`, { comments: 'правка' })).status).toBe(403);
    expect((await reader.delete(`/api/tbl/${table}/${id}`)).status).toBe(403);
    expect((await reader.get(`/api/tbl/${table}/${id}`)).status).toBe(200);
    expect((await reader.post(`/api/tbl/${table}/query`, { caseId: other.id })).body.list.map((x: any) => x.id)).toContain(id);

    const edit = await writer.post(`/api/tbl/${table}/${id}`, { comments: 'правка' });
    expect(edit.status).toBe(200);
    expect((await storedRow(table, id)).comments).toBe('правка');
    expect((await writer.delete(`/api/tbl/${table}/${id}`)).status).toBe(200);
    expect((await writer.get(`/api/tbl/${table}/${id}`)).status).toBe(404);
  });

  it('is hidden entirely from a user without its permission: not listed, not offered, 403 on every table call', async () => {
    const id = (await create(writer, spec().valid)).body.result;
    const login = `EXNO${table.toUpperCase()}`;
    const without = await createUser(server, admin, login, [{ permission: 'CASEMAN' }, ...allPerms.filter((p) => p !== spec().permission).map((permission) => ({ permission, canChange: true }))], 'Passw0rd', { unitId: other.ownerUnitId, view: 'WORKSPACE' });
    const list = await without.get(`/api/cases/case/followups/${other.id}`);
    expect(list.status).toBe(200);
    expect((await writer.get(`/api/cases/case/followups/${other.id}`)).body.map((i: any) => i.data.id)).toContain(id); // listed to a user with it
    expect(list.body.map((i: any) => i.type)).not.toContain(spec().type);
    expect(JSON.stringify(list.body)).not.toContain(id);
    const offered = (await without.get(`/api/cases/case/followups/${other.id}/types`)).body.map((x: any) => x.type);
    expect(offered).toHaveLength(6);
    expect(offered).not.toContain(spec().type);
    expect((await without.post(`/api/tbl/${table}/query`, { caseId: other.id })).status).toBe(403);
    expect((await without.get(`/api/tbl/${table}/${id}`)).status).toBe(403);
    expect((await without.post(`/api/tbl/${table}/form`, {})).status).toBe(403);
    expect((await without.post(`/api/tbl/${table}`, { caseId: other.id, ...spec().valid })).status).toBe(403);
    expect((await without.delete(`/api/tbl/${table}/${id}`)).status).toBe(403);
    expect((await storedRow(table, id)).caseId).toBe(other.id);
  });
});
