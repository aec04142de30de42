// Conditional fields: one `x-visible` declaration per field, read the same way by the server (drop
// hidden values, require shown ones), ajv (if/then) and the browser form.
import { describe, expect, it } from 'vitest';
import '../../engine/messages.ts';
import type { JsonSchema } from '../../engine/types.ts';
import { Validators } from '../../engine/validate.ts';
import { dropHidden, visibleFields, withConditions } from '../../engine/visibility.ts';

const exam: JsonSchema = {
  type: 'object',
  'x-visible': {
    numberOfAFB: { field: 'result', equals: 'POSITIVE', required: true },
    comment: { field: 'numberOfAFB', notEmpty: true },
  },
  properties: {
    kind: { type: 'string', enum: ['SMEAR', 'CULTURE'] },
    result: { type: 'string', enum: ['NEGATIVE', 'POSITIVE'] },
    numberOfAFB: { type: 'integer', minimum: 1, title: 'exam.numberOfAFB' },
    comment: { type: 'string' },
    flag: { type: 'boolean', default: false },
    samples: {
      type: 'array',
      items: {
        type: 'object',
        'x-visible': {
          colonies: { field: 'growth', in: ['YES', 'MANY'], required: true },
          method: { field: '../kind', equals: 'CULTURE' },
          note: { not: { field: '/result', equals: 'NEGATIVE' } },
        },
        properties: {
          growth: { type: 'string' },
          colonies: { type: 'integer', title: 'exam.colonies' },
          method: { type: 'string' },
          note: { type: 'string' },
        },
      },
    },
  },
};
exam['x-visible'] = { ...(exam['x-visible'] as object), flag: { field: 'kind', equals: 'SMEAR' } };

describe('visibleFields', () => {
  it('hides a field whose condition fails and lists the shown required ones', () => {
    expect(visibleFields(exam, { kind: 'SMEAR', result: 'NEGATIVE', numberOfAFB: 3 }).hidden).toEqual(['numberOfAFB', 'comment']);
    expect(visibleFields(exam, { kind: 'SMEAR', result: 'POSITIVE' })).toEqual({ hidden: ['comment'], required: ['numberOfAFB'] });
  });

  it('hides what depends on a hidden field, though its value was sent', () => {
    // comment is shown when numberOfAFB is filled, but numberOfAFB itself is hidden for NEGATIVE
    expect(visibleFields(exam, { kind: 'SMEAR', result: 'NEGATIVE', numberOfAFB: 3, comment: 'x' }).hidden).toContain('comment');
    expect(visibleFields(exam, { kind: 'SMEAR', result: 'POSITIVE', numberOfAFB: 3, comment: 'x' }).hidden).toEqual([]);
  });

  it('evaluates each table row by its own fields, the parent object (../) and the root (/)', () => {
    const doc = { kind: 'SMEAR', result: 'NEGATIVE', samples: [{ growth: 'NO' }, { growth: 'MANY' }] };
    const v = visibleFields(exam, doc);
    expect(v.hidden).toEqual(['numberOfAFB', 'comment', 'samples.0.colonies', 'samples.0.method', 'samples.1.method', 'samples.0.note', 'samples.1.note']);
    expect(v.required).toEqual(['samples.1.colonies']);
    expect(visibleFields(exam, { ...doc, kind: 'CULTURE', result: 'POSITIVE' }).hidden).not.toContain('samples.1.method');
  });
});

describe('dropHidden', () => {
  it('takes hidden values out, in rows too, and puts back a hidden field’s default', () => {
    const doc = { kind: 'CULTURE', result: 'NEGATIVE', numberOfAFB: 3, flag: true, samples: [{ growth: 'NO', colonies: 4, method: 'LJ' }] };
    expect(dropHidden(exam, doc)).toEqual({ kind: 'CULTURE', result: 'NEGATIVE', flag: false, samples: [{ growth: 'NO', method: 'LJ' }] });
  });
});

describe('withConditions (ajv)', () => {
  const validators = new Validators();
  const errors = (doc: unknown) => validators.validate('exam-test', exam, doc, 'ru');

  it('requires a field only while shown, naming it by its path', () => {
    expect(errors({ result: 'NEGATIVE' })).toEqual([]);
    expect(errors({ result: 'POSITIVE' }).map((e) => e.field)).toEqual(['numberOfAFB']);
    expect(errors({ result: 'POSITIVE', numberOfAFB: 2, samples: [{ growth: 'NO' }, { growth: 'YES' }] }).map((e) => e.field)).toEqual(['samples.1.colonies']);
  });

  it('puts each rule on the nearest object holding the field and its condition', () => {
    const rows = (withConditions(exam).properties!.samples as any).items;
    expect(rows.allOf[0]).toEqual({ if: { properties: { growth: { enum: ['YES', 'MANY'] } }, required: ['growth'] }, then: { required: ['colonies'] } });
    expect(withConditions(exam).allOf).toEqual([{ if: { properties: { result: { const: 'POSITIVE' } }, required: ['result'] }, then: { required: ['numberOfAFB'] } }]);
  });
});

describe('conditions of composed parts', () => {
  it('travel with a part into the bundled form and are read inside it, also from the form’s root', async () => {
    const { Registry } = await import('../../engine/registry.ts');
    const { bundle } = await import('../../engine/bundle.ts');
    const registry = new Registry([
      {
        $id: 'labexam',
        type: 'object',
        $defs: { count: { type: 'integer', minimum: 1, title: 'exam.numberOfAFB' } },
        'x-visible': { numberOfAFB: { field: 'result', equals: 'POSITIVE', required: true }, urgent: { field: '/priority', equals: 'HIGH' } },
        properties: { result: { type: 'string' }, numberOfAFB: { $ref: '#/$defs/count' }, urgent: { type: 'boolean' } },
      },
      { $id: 'examform', type: 'object', properties: { priority: { type: 'string' }, exam: { $ref: 'labexam' } } },
    ]);
    const form = bundle(registry, registry.schemas.get('examform')!);
    expect((form.properties!.exam as any).properties.numberOfAFB).toEqual({ type: 'integer', minimum: 1, title: 'exam.numberOfAFB' });
    expect(visibleFields(form, { priority: 'LOW', exam: { result: 'POSITIVE', urgent: true } })).toEqual({ hidden: ['exam.urgent'], required: ['exam.numberOfAFB'] });
    const errors = new Validators().validate('examform-test', form, { exam: { result: 'POSITIVE' } }, 'ru');
    expect(errors.map((e) => e.field)).toEqual(['exam.numberOfAFB']);
  });
});
