// Less motion (WCAG 2.3.3): when the system asks for reduced motion, nothing on the screen
// moves — no click wave on a button, no zoom of a dialog opening, no spinner turning while it loads —
// and the app follows the setting while it is open (no reload). The test asks the browser itself
// which animations and transitions run (`document.getAnimations()`), so antd's, ours and any CSS
// count alike.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { pageSettled, signInAt, tid, useEnv } from './support.ts';

const ctx = useEnv();
let page: Page;
let caseId: string;

beforeAll(async () => {
  const admin = await ctx.env.server.login();
  const unitId = await unitNamed(admin, 'Бишкекский');
  const patientId = await newPatient(admin, { name: 'Айгуль', lastName: 'Токтогулова', gender: 'FEMALE', birthDate: '1979-06-14' });
  caseId = await createCase(admin, patientId, unitId);
  page = await ctx.env.newPage(); // the context asks for reduced motion (support.ts)
});

/** The animations and transitions running two frames from now (a new one has started by then), named. */
const running = () =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve(
              document
                .getAnimations()
                .filter((a) => a.playState === 'running')
                .map((a) => (a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty ?? 'script'),
            ),
          ),
        ),
      ),
  );

/**
 * Clicks the case data's edit button with the dialog's form held back by the server, so the dialog
 * opens on its spinner; returns the function that lets the form through.
 */
async function openEditWhileLoading(): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    await held;
    await route.continue();
  };
  await page.route('**/api/cases/case/edit/form/**', hold);
  await page.locator(tid('case-data-edit')).click();
  await page.locator(tid('remote-form-dialog')).locator(tid('wait-icon')).waitFor();
  return async () => {
    release();
    await page.locator(tid('remote-form-dialog')).locator(tid('schema-form')).waitFor();
    await page.unroute('**/api/cases/case/edit/form/**', hold);
  };
}

/** Closes the dialog by Escape (nothing changed, so it asks nothing) and waits until it is gone. */
async function closeDialog() {
  await page.keyboard.press('Escape');
  await page.locator(tid('remote-form-dialog')).waitFor({ state: 'detached' });
  await expect.poll(running, { timeout: 5_000 }).toEqual([]); // a wave fades out over 2 s
}

describe('reduced motion', () => {
  it('asked for, a click, a dialog opening and its spinner move nothing; the setting is followed live', async () => {
    await signInAt(page, 'ADMIN', 'Admin123', `/sys/case?id=${caseId}&tab=data`);
    await page.locator(tid('case-data-edit')).waitFor();
    await pageSettled(page);

    // reduced: the button clicked, the dialog opened, its spinner shown — nothing runs
    let letThrough = await openEditWhileLoading();
    expect(await running()).toEqual([]);
    await letThrough();
    expect(await running()).toEqual([]);
    await closeDialog();

    // the user turns reduced motion off, the page stays open: the same click moves things again
    // (so the check above could see them): the wave, the dialog's zoom, the spinner turning
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    letThrough = await openEditWhileLoading();
    expect((await running()).length).toBeGreaterThan(0);
    await letThrough();
    await closeDialog();

    // and on again: still nothing, without a reload
    await page.emulateMedia({ reducedMotion: 'reduce' });
    letThrough = await openEditWhileLoading();
    expect(await running()).toEqual([]);
    await letThrough();
    await closeDialog();
  });
});
