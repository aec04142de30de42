// Invitations in a real browser (item 3): another workspace's administrator adds
// DOCTOR1's login; DOCTOR1 sees the invitation above the main area after login, accepts it, and the
// workspace is then theirs to switch to. The users catalogue's command bar comes from the row's
// declared actions: blocking oneself is offered disabled, with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password.ts';
import { kysely } from '../../server/db/kysely.ts';
import { addWorkspace, type ExtraWorkspace } from '../helpers/workspace.ts';
import { type BrowserEnv, card, closeEnv, loginThroughUi, startEnv, tid, UI_TIMEOUT } from './support.ts';

let env: BrowserEnv;
let other: ExtraWorkspace;

beforeAll(async () => {
  env = await startEnv();
  other = await addWorkspace(env.server, 'Пригласившее пространство', ['INVITER']);
  await kysely(env.server.ctx.orm.em.fork()).updateTable('sysuser').set({ password_hash: await hashPassword('Inviter123'), password_expired: false }).where('login', '=', 'INVITER').execute();
});

afterAll(async () => {
  await closeEnv(env);
});

describe('invitations', () => {
  it('shows the owner the invitation after login; accepting it adds the workspace', async () => {
    const inviter = await env.server.login('INVITER', 'Inviter123');
    const r = await inviter.post('/api/tbl/userws', { login: 'DOCTOR1', name: 'Врач', email: 'x@example.org', unitId: other.unitId, profiles: [other.profileId], view: 'UNIT' });
    expect(r.status).toBe(200);

    const page = await env.newPage();
    await loginThroughUi(page, 'DOCTOR1', 'Doctor123'); // one membership only: no workspace choice
    const invitation = page.locator(tid('invitation'));
    await invitation.waitFor({ timeout: UI_TIMEOUT });
    expect(await invitation.innerText()).toContain('Вас пригласили в рабочее пространство «Пригласившее пространство»');
    await invitation.locator(tid('invitation-accept')).click();
    await invitation.waitFor({ state: 'detached' });
    const doctor = await env.server.login('DOCTOR1', 'Doctor123', other.workspaceId);
    expect((await doctor.post('/api/sys/session')).body.workspaceName).toBe('Пригласившее пространство');
  });

  it("draws the user's command bar from the row's actions: blocking oneself is disabled", async () => {
    const page = await env.newPage();
    await loginThroughUi(page, 'ADMIN', 'Admin123');
    await page.goto('/sys/admin/tables/users');
    const me = card(page, 'Администратор системы');
    await me.waitFor();
    await me.click();
    await me.locator(tid('user-actions')).click();
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    const block = menu.locator('.ant-dropdown-menu-item', { has: page.locator(tid('user-action-block')) });
    await block.waitFor({ timeout: UI_TIMEOUT });
    expect(await block.getAttribute('aria-disabled')).toBe('true');
    expect(await menu.locator(tid('user-action-block')).getAttribute('title')).toBe('Нельзя заблокировать самого себя');
    expect(await menu.locator(tid('user-action-resetpwd')).count()).toBe(1);
  });
});
