import { describe, expect, it } from 'vitest';
import { toAccusative } from './accusative.ts';

describe("a level's name after 'Добавить'", () => {
  it('feminine names change, masculine and neuter stay, complements stay', () => {
    expect(toAccusative('Страна', 'ru')).toBe('страну');
    expect(toAccusative('Область', 'ru')).toBe('область');
    expect(toAccusative('Район', 'ru')).toBe('район');
    expect(toAccusative('Село', 'ru')).toBe('село');
    expect(toAccusative('Автономная республика', 'ru')).toBe('автономную республику');
    expect(toAccusative('Город республиканского значения', 'ru')).toBe('город республиканского значения');
    expect(toAccusative('АТЕ', 'ru')).toBe('АТЕ');
  });
  it('other languages keep the name', () => {
    expect(toAccusative('Country', 'en')).toBe('Country');
  });
});
