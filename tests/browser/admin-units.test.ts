// The admin-units tree in a real browser: a new branch built down to the
// fifth level through the nodes' menus, no 'Добавить' below level 5, editing a node, deleting a leaf
// after 'Подтвердить удаление?', the server's refusal to delete a unit with children, and the
// country structure beside the tree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { closeEnv, signInAt, startEnv, tid, type BrowserEnv, UI_TIMEOUT } from './support.ts';

const ADMUNITS = '/sys/admin/tables/admunits';
let env: BrowserEnv;
let admin: ApiClient;

beforeAll(async () => {
  env = await startEnv();
  admin = await env.server.login();
});

afterAll(async () => {
  await closeEnv(env);
});

/** The tree row of the unit named `name`. */
const node = (page: Page, name: string) =>
  page.locator(tid('tree-node')).filter({ has: page.locator(tid('adminunit-name')).getByText(name, { exact: true }) });

/** The open dropdown menu (antd keeps closed ones in the DOM, hidden). */
const openMenu = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');

/**
 * Opens the options menu of a node and returns the menu. A node just shown under an opening parent
 * sits in the tree's expand animation, and is drawn anew when it ends (an open menu would close):
 * wait for the animation first.
 */
async function menuOf(page: Page, name: string): Promise<Locator> {
  await page.locator('.ant-tree-treenode-motion').waitFor({ state: 'detached' });
  await node(page, name).locator(tid('tree-node-menu')).click();
  const menu = openMenu(page);
  await menu.locator(tid('adminunit-edit')).waitFor();
  return menu;
}

/** Clicks an item of the open menu and waits for the menu to close (a click right after may get lost otherwise). */
async function choose(page: Page, item: Locator): Promise<void> {
  await item.click();
  await openMenu(page).waitFor({ state: 'detached' });
}

/** Fills the name in the open unit dialog and saves; resolves once the dialog is gone. */
async function saveUnitDialog(page: Page, name: string): Promise<void> {
  const dialog = page.locator(tid('form-dialog'));
  await dialog.waitFor();
  await dialog.getByLabel('Наименование', { exact: true }).fill(name);
  await dialog.locator(tid('form-save')).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * The labels a select offers, once they are `expected` (read while its dropdown is open; the
 * dropdown is closed again by choosing the option already chosen, since Escape would close the
 * dialog too).
 */
async function expectOffered(page: Page, select: Locator, expected: string[]): Promise<void> {
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await select.click();
  await dropdown.waitFor();
  const labels = () => dropdown.locator('.ant-select-item-option').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? '').sort());
  await expect.poll(labels, { timeout: UI_TIMEOUT }).toEqual(expected);
  await dropdown.locator('.ant-select-item-option-selected').click();
  await dropdown.waitFor({ state: 'detached' });
}

describe('admin-units tree in the browser', () => {
  it('adds a branch down to level 5, edits a node, deletes a leaf, and refuses to delete a unit with children', async () => {
    const page = await env.newPage();
    await signInAt(page, 'ADMIN', 'Admin123', ADMUNITS);
    await page.locator(tid('adminunits-page')).waitFor();
    expect(await page.locator(tid('adminunits-root')).innerText()).toBe('Демонстрационная');
    await node(page, 'Кыргызская Республика').waitFor();

    // a new unit at the top: one level-1 definition ⇒ a plain add button
    const addRoot = page.locator(tid('adminunits-add-root'));
    // the level's name as the object of 'Добавить' (accusative): 'Добавить страну'
    expect(await addRoot.innerText()).toBe('Добавить страну');
    await addRoot.click();
    const dialog = page.locator(tid('form-dialog'));
    await dialog.waitFor();
    expect(await page.locator('.ant-modal-title').innerText()).toBe('Добавить страну');
    await saveUnitDialog(page, 'Тестовая страна');
    await page.locator(tid('alert-success')).filter({ hasText: 'Успешно создано' }).first().waitFor();
    const root = node(page, 'Тестовая страна');
    await root.waitFor();
    expect(await root.locator(tid('adminunit-node')).getAttribute('data-level')).toBe('1');

    // each level offers 'Добавить {name}' (accusative, lower case) for the levels one below; a new child shows under its opened parent
    const branch = [
      { parent: 'Тестовая страна', level: 2, add: 'Область', offered: ['Город республиканского значения', 'Область'], name: 'Тестовая область' },
      { parent: 'Тестовая область', level: 3, add: 'Район', offered: ['Район'], name: 'Тестовый район' },
      { parent: 'Тестовый район', level: 4, add: 'Село', offered: ['Город', 'Село'], name: 'Тестовое село' },
      { parent: 'Тестовое село', level: 5, add: 'Участок', offered: ['Участок'], name: 'Тестовый участок' },
    ];
    const addLabel = (level: string) => `Добавить ${level.charAt(0).toLowerCase()}${level.slice(1)}`;
    for (const step of branch) {
      const menu = await menuOf(page, step.parent);
      const adds = menu.locator(tid('adminunit-add'));
      expect((await adds.allInnerTexts()).sort()).toEqual(step.offered.map(addLabel));
      expect(await menu.locator(tid('adminunit-edit')).innerText()).toBe('Редактировать');
      expect(await menu.locator(tid('adminunit-delete')).innerText()).toBe('Удалить');
      await choose(page, adds.getByText(addLabel(step.add), { exact: true }));
      await dialog.waitFor();
      expect(await page.locator('.ant-modal-title').innerText()).toBe(`${addLabel(step.add)} — ${step.parent}`);
      // the country structure offered is that of the new unit's level only (x-options-params: level)
      await expectOffered(page, dialog.locator(tid('ref-root_countryStructure')), step.offered);
      await saveUnitDialog(page, step.name);
      const child = node(page, step.name);
      await child.waitFor();
      expect(await child.locator(tid('adminunit-node')).getAttribute('data-level')).toBe(String(step.level));
      expect(await child.innerText()).toContain(step.add);
    }
    // the server has the branch as built: each unit under the one before
    const leaf = (await admin.post('/api/tbl/adminunit/query', { parentId: await node(page, 'Тестовое село').locator(tid('adminunit-node')).getAttribute('data-id') })).body.list;
    expect(leaf.map((u: any) => [u.name, u.level])).toEqual([['Тестовый участок', 5]]);

    // the fifth level is the last: edit and delete only
    let menu = await menuOf(page, 'Тестовый участок');
    expect(await menu.locator(tid('adminunit-add')).count()).toBe(0);
    expect(await menu.locator(tid('adminunit-delete')).count()).toBe(1);

    // edit: the form comes with the unit's name; the node shows the new one
    await choose(page, menu.locator(tid('adminunit-edit')));
    await dialog.waitFor();
    expect(await dialog.getByLabel('Наименование', { exact: true }).inputValue()).toBe('Тестовый участок');
    await saveUnitDialog(page, 'Участок № 1');
    await page.locator(tid('alert-success')).filter({ hasText: 'Успешно обновлено' }).waitFor();
    await node(page, 'Участок № 1').waitFor();
    expect(await node(page, 'Тестовый участок').count()).toBe(0);
    expect(await node(page, 'Участок № 1').locator(tid('adminunit-node')).getAttribute('data-level')).toBe('5');

    // delete a leaf: asks first; Нет keeps it, Да removes it
    menu = await menuOf(page, 'Участок № 1');
    await choose(page, menu.locator(tid('adminunit-delete')));
    const confirm = page.locator(tid('confirm-dialog'));
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Подтвердить удаление?');
    await page.locator(tid('confirm-no')).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await node(page, 'Участок № 1').count()).toBe(1);
    menu = await menuOf(page, 'Участок № 1');
    await choose(page, menu.locator(tid('adminunit-delete')));
    await confirm.waitFor();
    await page.locator(tid('confirm-yes')).click();
    await page.locator(tid('alert-success')).filter({ hasText: 'Успешно удалено' }).waitFor();
    await node(page, 'Участок № 1').waitFor({ state: 'detached' });

    // a unit with children: the server says no, the unit stays
    menu = await menuOf(page, 'Тестовый район');
    await choose(page, menu.locator(tid('adminunit-delete')));
    await confirm.waitFor();
    await page.locator(tid('confirm-yes')).click();
    const error = page.locator(tid('alert-error'));
    await error.waitFor();
    expect(await error.innerText()).toContain('Нельзя удалить: есть подчинённые единицы (1)');
    expect(await node(page, 'Тестовый район').count()).toBe(1);
    expect(await node(page, 'Тестовое село').count()).toBe(1);
    expect((await admin.post('/api/tbl/adminunit/query', { parentId: await node(page, 'Тестовая область').locator(tid('adminunit-node')).getAttribute('data-id') })).body.count).toBe(1);
  });

  it("'Показать структуру страны' shows the levels beside the tree", async () => {
    const page = await env.newPage();
    await signInAt(page, 'ADMIN', 'Admin123', ADMUNITS);
    await node(page, 'Кыргызская Республика').waitFor();
    const structure = page.locator(tid('country-structure'));
    expect(await structure.count()).toBe(0);
    const toggle = page.locator(tid('adminunits-show-structure'));
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await page.locator(tid('adminunits-page')).innerText()).toContain('Показать структуру страны');

    await toggle.click();
    await structure.locator(tid('catalogue-item')).first().waitFor();
    // name and level of every definition, ordered by level
    const items = structure.locator(tid('catalogue-item'));
    const levels: [string, string][] = [];
    for (const item of await items.all()) {
      levels.push([await item.locator(tid('catalogue-item-title')).innerText(), await item.locator(tid('catalogue-item-subtitle')).innerText()]);
    }
    expect(levels).toEqual([
      ['Страна', '1'],
      ['Город республиканского значения', '2'],
      ['Область', '2'],
      ['Район', '3'],
      ['Город', '4'],
      ['Село', '4'],
      ['Участок', '5'],
    ]);
    // the tree stays beside it
    expect(await node(page, 'Кыргызская Республика').count()).toBe(1);

    await toggle.click();
    await structure.waitFor({ state: 'detached' });
    expect(await node(page, 'Кыргызская Республика').count()).toBe(1);
  });
});
