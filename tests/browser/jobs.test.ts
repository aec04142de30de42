// The background jobs screen in a real browser: Administration → Settings →
// 'Фоновые задания' lists the server's jobs with their progress moving while one runs, who started
// it and when; the administrator cancels it (it stops after its part in hand), retries it (it goes on
// to its end), and sees a failed job's error.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { countingKind, createTraceTables } from '../helpers/jobs.ts';
import { closeEnv, signInAt, startEnv, tid, type BrowserEnv, UI_TIMEOUT } from './support.ts';

let env: BrowserEnv;
const db = () => kysely(env.server.ctx.orm.em.fork());

beforeAll(async () => {
  env = await startEnv();
  await createTraceTables(db());
  env.server.ctx.jobs.register(countingKind(() => env.server.ctx.jobs.owner));
});

afterAll(async () => {
  await closeEnv(env);
});

describe('the background jobs screen', () => {
  it('shows a running job\'s progress as it moves; cancel stops it, retry finishes it; a failed job shows its error', async () => {
    const admin = (await db().selectFrom('sysuser').select('id').where('login', '=', 'ADMIN').executeTakeFirstOrThrow()).id;
    const { id } = await env.server.ctx.jobs.enqueue({ kind: 'test.count', userId: String(admin), params: { batches: 40, sleepMs: 250 } });
    const failedId = crypto.randomUUID();
    await sql`insert into jobtest_fail (job_id, n) values (${failedId}, 1)`.execute(db());
    await sql`insert into job (id, kind, state, params, done, attempts) values (${failedId}, 'test.count', 'queued', '{"batches": 3}', 0, 0)`.execute(db());

    const page = await env.newPage();
    await signInAt(page, 'ADMIN', 'Admin123', '/sys/admin/settings');
    await page.locator(tid('admin-settings')).getByText('Фоновые задания', { exact: true }).first().click();
    const row = page.locator(tid(`job-${id}`));
    await row.waitFor();
    expect(await row.locator(tid('job-state')).textContent()).toMatch(/^(В очереди|Выполняется)$/);
    await expect.poll(() => row.locator(tid('job-state')).textContent(), { timeout: UI_TIMEOUT }).toBe('Выполняется');
    // the progress moves without a reload: 'N из 40' grows
    const doneOf = async () => Number(/(\d+) из 40/.exec((await row.locator(tid('job-progress')).textContent()) ?? '')?.[1] ?? -1);
    const first = await doneOf();
    expect(first).toBeGreaterThanOrEqual(0);
    await expect.poll(doneOf, { timeout: UI_TIMEOUT }).toBeGreaterThan(first);
    const adminName = (await db().selectFrom('sysuser').select('name').where('login', '=', 'ADMIN').executeTakeFirstOrThrow()).name;
    expect(await row.textContent()).toContain(String(adminName));

    // cancel: asked first, then it stops where it stood
    await row.locator(tid('job-cancel')).click();
    await page.locator(tid('job-cancel-ok')).click();
    await expect.poll(() => row.locator(tid('job-state')).textContent(), { timeout: UI_TIMEOUT }).toBe('Отменено');
    const stopped = await doneOf();
    expect(stopped).toBeLessThan(40);
    await page.waitForTimeout(1000);
    expect((await sql<{ done: number }>`select done from job where id = ${id}`.execute(db())).rows[0].done).toBe(stopped);

    // retry: it resumes and finishes
    await row.locator(tid('job-retry')).click();
    await expect.poll(() => row.locator(tid('job-state')).textContent(), { timeout: 60_000 }).toBe('Выполнено');
    expect(await doneOf()).toBe(40);

    // the failed one: its error, a retry offered, no cancel
    const failed = page.locator(tid(`job-${failedId}`));
    await expect.poll(() => failed.locator(tid('job-state')).textContent(), { timeout: UI_TIMEOUT }).toBe('Ошибка');
    expect(await failed.locator(tid('job-error')).textContent()).toMatch(/^planned failure at batch 1 \(/);
    expect(await failed.locator(tid('job-retry')).count()).toBe(1);
    expect(await failed.locator(tid('job-cancel')).count()).toBe(0);
    // started by the server itself: 'Система'
    expect(await failed.textContent()).toContain('Система');
  });
});
