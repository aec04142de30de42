// A follow-up exam type a configurator adds as one schema file: sputum volume, a
// conditional field, its own labels in both languages and a report variable — shared by the API test
// on a schema copy (tests/api/report-declared-variable.test.ts) and its browser step.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemasDir } from '../../server/config.ts';
import { startServerWithSchemas } from './extra-schemas.ts';

export const sputum = {
  $id: 'examsputum',
  title: 'examsputum.title',
  type: 'object',
  additionalProperties: false,
  'x-table': { name: 'examsputum', parent: 'caseId', permission: 'EXAM_MICROSCOPY', followup: 'EXAM_SPUTUM' },
  'x-list': { title: 'date', order: ['-date'] },
  required: ['caseId', 'date', 'volume'],
  properties: {
    caseId: { type: 'string', format: 'uuid', 'x-ref': 'tbcase', 'x-index': true, title: 'exam.case' },
    date: { type: 'string', format: 'date', 'x-notAfter': 'today', title: 'exam.date' },
    volume: { type: 'string', enum: ['LOW', 'ENOUGH'], 'x-enum': 'sputumVolume', 'x-report': { group: 'exams', id: 'sputumVolume' }, title: 'examsputum.volume' },
    millilitres: { type: 'integer', minimum: 1, maximum: 50, title: 'examsputum.millilitres' },
  },
  // the volume in ml is asked (and required) only when there is enough sputum
  'x-visible': { millilitres: { field: 'volume', equals: 'ENOUGH', required: true } },
  'x-labels': {
    ru: { examsputum: { title: 'Объём мокроты', volume: 'Объём', millilitres: 'Объём, мл', summaryLow: 'Мало мокроты' }, sputumVolume: { LOW: 'Недостаточно', ENOUGH: 'Достаточно' } },
    en: { examsputum: { title: 'Sputum volume', volume: 'Volume', millilitres: 'Volume, ml', summaryLow: 'Little sputum' }, sputumVolume: { LOW: 'Too little', ENOUGH: 'Enough' } },
  },
};

/**
 * The case schema copied with a summary by the new exam's variable ('Мало мокроты': its newest
 * sputum LOW) and the 'transferring' flag a row and column variable.
 * @example const tbcase = caseWithSputumSummary();
 */
export function caseWithSputumSummary() {
  const tbcase = JSON.parse(readFileSync(join(schemasDir, 'tables', 'tbcase.json'), 'utf8'));
  tbcase.properties.transferring['x-report'] = { group: 'case' };
  tbcase['x-summaries'].push({ id: 'lowsputum', label: 'examsputum.summaryLow', filters: { sputumVolume: ['LOW'] } });
  return tbcase;
}

/** A seeded test server whose schemas are the product's plus the sputum exam and the case with its summary. */
export const startServerWithSputum = (name: string) => startServerWithSchemas(name, [sputum, caseWithSputumSummary()]);
