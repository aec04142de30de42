/**
 * The demo register's patients: Russian and Kyrgyz names by gender (the scale generator's lists),
 * a birth date matching the age the course planned, an address in the area their unit serves, a
 * phone number and a passport; a few foreign citizens (labour migrants). Pure.
 */
import type { Patient } from '../../engine/generated/index.ts';
import { FATHERS, FEMALE, MALE, SURNAMES } from '../generate.ts';
import { isoOf } from '../../engine/day-numbers.ts';
import type { Course } from './course.ts';
import type { Random } from './random.ts';

const STREETS = ['ул. Ленина', 'ул. Токтогула', 'ул. Фрунзе', 'ул. Советская', 'ул. Жибек Жолу', 'ул. Ахунбаева', 'ул. Московская', 'ул. Манаса', 'ул. Чуй', 'ул. Курманжан Датки', 'мкр. Джал', 'мкр. Асанбай'];

/**
 * A patient for the course (a child's patronymic too: it is in their documents).
 * @example patientOf(course, r) // { name: 'Айгуль', middleName: 'Маратовна', lastName: 'Садыкова', gender: 'FEMALE', birthDate: '1987-04-12', … }
 */
export function patientOf(c: Course, r: Random): Patient {
  const male = c.gender === 'MALE';
  const side = male ? 0 : 1;
  const birth = c.registration - Math.round(c.age * 365.25) - r.int(364);
  const foreign = r.chance(0.05);
  return {
    name: r.pick(male ? MALE : FEMALE),
    middleName: r.pick(FATHERS)[side],
    lastName: r.pick(SURNAMES)[side],
    gender: c.gender,
    birthDate: isoOf(birth),
    nationality: foreign ? 'FOREIGN' : 'NATIVE',
    documentNumber: foreign ? `${r.pick(['AN', 'KZ', 'N'])}${r.between(1_000_000, 9_999_999)}` : c.age >= 16 ? `ID${r.between(1_000_000, 9_999_999)}` : undefined,
    address: { adminUnitId: r.pick(c.unit.areas), street: r.pick(STREETS), house: String(r.between(1, 180)), ...(r.chance(0.5) ? { apartment: String(r.between(1, 120)) } : {}) },
    phone: r.chance(0.9) ? `+996 ${r.pick(['555', '700', '772', '312', '999'])} ${r.between(100, 999)} ${r.between(100, 999)}` : undefined,
  };
}
