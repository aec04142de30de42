/**
 * A country-structure level's name as the object of 'Добавить' (Russian accusative, lower case):
 * the leading adjectives and the head noun change (-ая → -ую, -яя → -юю, -а → -у, -я → -ю), the
 * words after the head noun (its genitive complements) stay. Masculine and neuter names in the
 * nominative are already their accusative. Other languages: the name as is.
 *
 * @example
 *   toAccusative('Страна', 'ru')                          // → 'страну'
 *   toAccusative('Автономная республика', 'ru')           // → 'автономную республику'
 *   toAccusative('Город республиканского значения', 'ru') // → 'город республиканского значения'
 *   toAccusative('Country', 'en')                         // → 'Country'
 */
const ADJECTIVE = /(ая|яя|ый|ий|ой|ое|ее)$/;

function word(w: string): string {
  const lower = w.length > 1 && w === w.toUpperCase() ? w : w.charAt(0).toLowerCase() + w.slice(1);
  if (/ая$/.test(lower)) return lower.replace(/ая$/, 'ую');
  if (/яя$/.test(lower)) return lower.replace(/яя$/, 'юю');
  if (/а$/.test(lower)) return lower.replace(/а$/, 'у');
  if (/я$/.test(lower)) return lower.replace(/я$/, 'ю');
  return lower;
}

export function toAccusative(name: string, lang: string): string {
  if (!lang.startsWith('ru')) return name;
  const words = name.trim().split(/\s+/);
  let head = words.findIndex((w) => !ADJECTIVE.test(w.toLowerCase()));
  if (head < 0) head = words.length - 1;
  return words.map((w, i) => (i <= head ? word(w) : w)).join(' ');
}
