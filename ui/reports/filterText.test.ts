import { describe, expect, it } from 'vitest';
import type { ReportInit } from './api.ts';
import { filterText } from './filterText.ts';

const init: ReportInit = {
  variables: [],
  filters: [
    {
      id: 'case',
      label: 'Случай',
      filters: [
        { id: 'gender', name: 'Пол', type: 'multiSelect', resources: { options: [{ value: 'MALE', label: 'Мужской' }, { value: 'FEMALE', label: 'Женский' }] } },
        { id: 'validated', name: 'Обоснован', type: 'select', resources: { options: [{ value: true, label: 'Да' }, { value: false, label: 'Нет' }] } },
        { id: 'registrationDate', name: 'Дата регистрации', type: 'period', resources: { options: [] } },
      ],
    },
  ],
};

describe('the filters as the user reads them', () => {
  it('names each filter and its chosen values by their labels, a period by its months', () => {
    expect(filterText(init, { gender: ['FEMALE', 'MALE'], validated: false, registrationDate: { ini: '2025-01', end: '2025-03' } }, 'ru')).toEqual([
      { id: 'gender', name: 'Пол', value: 'Женский, Мужской' },
      { id: 'validated', name: 'Обоснован', value: 'Нет' },
      { id: 'registrationDate', name: 'Дата регистрации', value: '01.2025 – 03.2025' },
    ]);
    expect(filterText(init, { registrationDate: { end: '2025-03' } }, 'en')).toEqual([{ id: 'registrationDate', name: 'Дата регистрации', value: '… – 03/2025' }]);
  });
  it('leaves out an empty multi-select (it filters nothing) and a filter the reader is not offered', () => {
    expect(filterText(init, { gender: [], hivResult: ['POSITIVE'] }, 'ru')).toEqual([]);
    expect(filterText(undefined, { gender: ['MALE'] }, 'ru')).toEqual([]);
  });
});
