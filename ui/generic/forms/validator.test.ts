import { describe, expect, it } from 'vitest';
import { t, type Lang } from '../../../engine/i18n.ts';
import '../../../engine/messages.ts';
import { Validators } from '../../../engine/validate.ts';
import type { JsonSchema } from '../../../engine/types.ts';
import { createValidator } from './validator.ts';
import { translateSchema } from './translateSchema.ts';

describe('validator', () => {
  const schema = {
    type: 'object',
    'x-table': { name: 'source' },
    required: ['shortName'],
    properties: { shortName: { type: 'string', title: 'Краткое название', 'x-anything': 1 }, name: { type: 'string', maxLength: 3, title: 'Наименование' } },
  };

  it('answers in Russian with the field title, ignoring x-* keywords', () => {
    const { errors } = createValidator('ru').validateFormData({ name: 'abcdef' }, schema as any);
    const messages = errors.map((e) => e.message);
    expect(messages).toContain('Краткое название: Обязательное поле');
    expect(messages).toContain('Наименование: должно быть не длиннее, чем 3 символа');
    expect(messages.join(' ')).not.toContain('shortName');
  });

  it('refuses the ids and dates the server refuses (urn:uuid, the year 0000)', () => {
    const dated = { type: 'object', properties: { id: { type: 'string', format: 'uuid', title: 'Ид' }, day: { type: 'string', format: 'date', title: 'День' } } };
    const bad = createValidator('ru').validateFormData({ id: 'urn:uuid:6f1c2b8e-8d7a-4c1e-9f3b-2a5d7e9c1b4f', day: '0000-01-01' }, dated as any);
    expect(bad.errors.map((e) => e.property).sort()).toEqual(['.day', '.id']);
    const good = createValidator('ru').validateFormData({ id: '6f1c2b8e-8d7a-4c1e-9f3b-2a5d7e9c1b4f', day: '2026-01-01' }, dated as any);
    expect(good.errors).toEqual([]);
  });

  it('answers in English for en', () => {
    const { errors } = createValidator('en').validateFormData({}, schema as any);
    expect(errors[0].message).toBe('Краткое название: Required field');
  });

  it('reports what a then requires, not the if itself', () => {
    const conditional = {
      type: 'object',
      properties: { on: { type: 'boolean' }, ws: { type: 'string', title: 'Рабочее пространство' } },
      if: { properties: { on: { const: true } }, required: ['on'] },
      then: { required: ['ws'] },
    };
    const { errors } = createValidator('ru').validateFormData({ on: true }, conditional as any);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain('Рабочее пространство');
  });
});

describe('the browser says what the server says', () => {
  /** A schema as the server sends it: titles and x-pattern-msg are i18n keys. */
  const served: JsonSchema = {
    type: 'object',
    required: ['name', 'login'],
    properties: {
      login: { type: 'string', pattern: '^[A-Z0-9_.@-]+$', 'x-pattern-msg': 'userws.loginPattern', title: 'userws.login' },
      name: { type: 'string', title: 'userws.name' },
      email: { type: 'string', format: 'email', title: 'userws.email' },
      days: { type: 'integer', minimum: 1, title: 'unit.numDaysOrder' },
      code: { type: 'string', pattern: '^[0-9]+$', title: 'global.customId' },
      active: { type: 'boolean', title: 'global.active' },
      medicines: { type: 'array', items: { type: 'object', properties: { days: { type: 'integer', title: 'regimen.days' } } } },
    },
  };
  const docs: [string, Record<string, unknown>][] = [
    ['types in words', { name: 5, login: 'A', days: 1.5, active: 'yes' }],
    ['readable patterns and formats', { name: 'N', login: 'иван', email: 'nope', code: 'x1' }],
    ['required fields and limits', { days: 0 }],
    ['rows of a list', { name: 'N', login: 'A', medicines: [{ days: 'many' }] }],
  ];

  for (const lang of ['ru', 'en'] as Lang[]) {
    it.each(docs)(`${lang}: %s`, (_name, doc) => {
      const server = new Validators().validate(`parity-${lang}`, served, doc, lang);
      const tr = (key: string) => t(lang, key);
      const { schema } = translateSchema(served as Record<string, unknown>, undefined, tr);
      const browser = createValidator(lang, tr).validateFormData(doc, schema);
      expect(server.length).toBeGreaterThan(0);
      const asServer = browser.errors.map((e) => ({ field: e.property!.replace(/^\./, ''), msg: e.message }));
      expect(asServer.sort((a, b) => a.field.localeCompare(b.field))).toEqual([...server].sort((a, b) => a.field!.localeCompare(b.field!)));
      expect(server.map((e) => e.msg).join(' ')).not.toMatch(lang === 'ru' ? /\^|string|integer|boolean|образцу|[«']/ : /\^|must match|[«']/);
    });
  }
});
