// A form composed of parts of several entities (the new-notification form: patient + case),
// declared once with references, validated the same way as a table's documents.
import { describe, expect, it } from 'vitest';
import { bundle } from '../../engine/bundle.ts';
import { loadSchemas } from '../../engine/load.ts';
import '../../engine/messages.ts';
import { deriveUiSchema } from '../../engine/ui-schema.ts';
import { Validators } from '../../engine/validate.ts';
import { schemasDir } from '../../server/config.ts';

const registry = loadSchemas(schemasDir);
const form = bundle(registry, registry.schemas.get('newnotif_tb')!);
const validators = new Validators();
const validate = (doc: unknown) => validators.validate('newnotif_tb', form, doc, 'ru');

describe('new notification form', () => {
  it('takes the patient whole and only the picked case fields', () => {
    expect(Object.keys((form.properties!.patient as any).properties)).toEqual(expect.arrayContaining(['name', 'lastName', 'gender', 'birthDate']));
    expect(Object.keys((form.properties!.tbcase as any).properties).sort()).toEqual(['caseNumber', 'diagnosisBasis', 'diagnosisDate', 'extrapulmonaryForm', 'infectionSite', 'registrationDate', 'registrationGroup']);
  });

  it('accepts a complete notification', () => {
    const doc = { patient: { name: 'Айгуль', lastName: 'Сыдыкова', gender: 'FEMALE', birthDate: '1990-05-01' }, tbcase: { registrationDate: '2026-11-01', diagnosisDate: '2026-10-28', registrationGroup: 'NEW' } };
    expect(validate(doc)).toEqual([]);
  });

  it('reports missing and wrong fields of each part by their path and Russian title', () => {
    const errors = validate({ patient: { lastName: 'Сыдыкова', gender: 'X' }, tbcase: { registrationDate: '2026-11-01', registrationGroup: 'NEW' } });
    const fields = errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['patient.name', 'patient.gender', 'tbcase.diagnosisDate']));
    expect(errors.find((e) => e.field === 'patient.name')!.msg).toMatch(/: Обязательное поле$/);
  });

  it('keeps the field metadata of the parts for the layout (translated enum labels)', () => {
    const ui = deriveUiSchema(form as any);
    expect(ui.patient.gender['ui:options'].enumPrefix).toBe('gender');
  });
});
