import { describe, expect, it } from 'vitest';
import './messages.ts';
import { loadSchemas } from './load.ts';
import { checkFile } from './meta-check.ts';
import { Validators } from './validate.ts';
import type { JsonSchema } from './types.ts';

const schema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', title: 'userws.name' },
    days: { type: 'integer', title: 'unit.numDaysOrder' },
    dose: { type: 'number', title: 'dose' },
    active: { type: 'boolean', title: 'global.active' },
    note: { type: ['string', 'null'], title: 'note' },
    code: { type: 'string', pattern: '^[A-Z]+$', title: 'code' },
    login: { type: 'string', pattern: '^[A-Z0-9_.@-]+$', 'x-pattern-msg': 'userws.loginPattern', title: 'userws.login' },
    email: { type: 'string', format: 'email', title: 'userws.email' },
    short: { type: 'string', maxLength: 3, title: 'source.shortName' },
    rows: { type: 'array', items: { type: 'object', properties: { qty: { type: 'integer', title: 'qty' } } } },
  },
};
const bad = {
  days: 1.5, dose: 'x', active: 'yes', note: 3, code: 'abc', login: 'Иван', email: 'nope', short: 'long', rows: [{ qty: 'two' }], extra: 1,
};

describe('validation messages', () => {
  const v = new Validators();
  const byField = (lang: 'ru' | 'en') => Object.fromEntries(v.validate(`t-${lang}`, schema, bad, lang).map((e) => [e.field, e.msg]));

  it('Russian: types in words, titles, readable patterns and formats, no English or regex', () => {
    expect(byField('ru')).toEqual({
      name: 'ФИО: Обязательное поле',
      days: 'Период заказа, дней: должно быть целым числом',
      dose: 'dose: должно быть числом',
      active: 'Активен: должно быть логическим значением (да/нет)',
      note: 'note: должно быть строкой или пустым',
      code: 'code: имеет недопустимый формат',
      login: 'Логин: может содержать только латинские буквы, цифры и знаки _ . @ -',
      email: 'Эл. почта: должно быть адресом электронной почты',
      short: 'Краткое название: должно быть не длиннее, чем 3 символа',
      'rows.0.qty': 'qty: должно быть целым числом',
      extra: 'extra: Неизвестное поле',
    });
  });

  it('English likewise', () => {
    expect(byField('en')).toMatchObject({
      name: 'Full name: Required field',
      days: expect.stringMatching(/: must be an integer$/),
      dose: 'dose: must be a number',
      note: 'note: must be a string or empty',
      code: 'code: has an invalid format',
      login: 'Login: may contain only Latin letters, digits and the signs _ . @ -',
      email: 'E-mail: must be an e-mail address',
      short: 'Short name: must NOT be longer than 3 characters',
      extra: 'extra: Unknown field',
    });
  });

  it('no message of the project schemas shows a regular expression or a JSON type name', () => {
    const registry = loadSchemas('schemas');
    const userws = registry.schemas.get('userws')!;
    const errors = v.validate('userws-ru', userws, { login: 'иван петров', name: 5, email: 'x', sendSystemMessages: 'no', unitId: 'u', profiles: [], view: 'UNIT' }, 'ru');
    const text = errors.map((e) => e.msg).join(' | ');
    expect(text).toContain('Логин: может содержать только латинские буквы');
    expect(text).toContain('ФИО: должно быть строкой');
    expect(text).not.toMatch(/\^|\$|string|integer|boolean|образцу|обязательное поле '/);
  });

  it('the meta-schema knows x-pattern-msg: a string key, only beside a pattern', () => {
    const file = (login: Record<string, unknown>) => ({ $id: 'f', type: 'object', properties: { login: { type: 'string', ...login } } });
    expect(checkFile('f.json', file({ pattern: '^A$', 'x-pattern-msg': 'userws.loginPattern' }))).toEqual([]);
    expect(checkFile('f.json', file({ 'x-pattern-msg': 'userws.loginPattern' })).map((p) => p.pointer)).toContain('/properties/login');
    expect(checkFile('f.json', file({ pattern: '^A$', 'x-pattern-msg': 5 })).map((p) => p.pointer)).toContain('/properties/login/x-pattern-msg');
    expect(checkFile('f.json', file({ pattern: '^A$', 'x-pattern-mesage': 'k' }))).not.toEqual([]);
  });
});
