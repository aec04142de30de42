// The user's own settings refuse bad input with whole sentences in the user's language:
// '<field title>: <what is wrong>', never '≤ 50' or 'not valid email'.
import { describe, expect, it } from 'vitest';
import { admin, useTestServer } from '../helpers/use-server.ts';



useTestServer();

describe('POST /api/sys/usersettings', () => {
  it('a too-long mobile number and a bad e-mail: field errors in Russian, nothing saved', async () => {
    const before = (await admin.get('/api/sys/usersettings')).body;
    const r = await admin.post('/api/sys/usersettings', { ...before, mobile: '1'.repeat(51), email: 'не адрес' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { field: 'email', msg: 'Эл. почта: должно быть адресом электронной почты' },
      { field: 'mobile', msg: 'Мобильный телефон: должно быть не длиннее, чем 50 символов' },
    ]);
    expect((await admin.get('/api/sys/usersettings')).body).toEqual(before);
  });
});
