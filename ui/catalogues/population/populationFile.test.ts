// A population file's rows as the import sends them: the header and blank lines skipped, each row's line kept.
import { describe, expect, it } from 'vitest';
import { fromCsv, fromTable } from './populationFile.ts';

describe('a population file', () => {
  it('a CSV with semicolons, a header, a quoted name holding the separator and a blank line', () => {
    expect(fromCsv('\uFEFFТерритория;Год;Население\r\nKG-GB;2025;1 074 075\r\n\r\n"Чуй; область";2025;"990 000"\r\n')).toEqual({
      rows: [
        { area: 'KG-GB', year: '2025', population: '1 074 075' },
        { area: 'Чуй; область', year: '2025', population: '990 000' },
      ],
      lines: [2, 4],
    });
  });
  it('a CSV with commas and no header keeps its first line', () => {
    expect(fromCsv('г. Ош,2024,322000')).toEqual({ rows: [{ area: 'г. Ош', year: '2024', population: '322000' }], lines: [1] });
  });
  it('a sheet\'s cells as numbers; a row short of cells sends what it has for the server to refuse', () => {
    expect(fromTable([['area', 'year', 'population'], ['KG-GB', 2025, 1074075], ['KG-O', 2025]])).toEqual({
      rows: [{ area: 'KG-GB', year: 2025, population: 1074075 }, { area: 'KG-O', year: 2025, population: '' }],
      lines: [2, 3],
    });
  });
});
