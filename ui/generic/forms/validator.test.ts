import { describe, expect, it } from 'vitest';
import { createValidator } from './validator.ts';

describe('validator', () => {
  const schema = {
    type: 'object',
    'x-table': { name: 'source' },
    required: ['shortName'],
    properties: { shortName: { type: 'string', title: 'Краткое название', 'x-anything': 1 }, name: { type: 'string', maxLength: 3, title: 'Наименование' } },
  };

  it('answers in Russian with the field title, ignoring x-* keywords', () => {
    const { errors } = createValidator('ru').validateFormData({ name: 'abcdef' }, schema as any);
    const messages = errors.map((e) => e.message).join(' | ');
    expect(messages).toContain('Краткое название');
    expect(messages).toContain('не длиннее, чем 3 символа');
    expect(messages).not.toContain('shortName');
  });

  it('answers in English for en', () => {
    const { errors } = createValidator('en').validateFormData({}, schema as any);
    expect(errors[0].message).toContain('must have required property');
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
