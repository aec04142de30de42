/**
 * A patient's display name in the workspace's `patientNameComposition` (schemas/tables/workspace.json):
 * e.g. LAST_FIRST_MIDDLENAME_WITHOUT_COMMAS (the default) → "Иванов Сергей Петрович".
 */
export interface PatientName {
  name: string;
  middleName?: string | null;
  lastName?: string | null;
}

export function composePatientName(p: PatientName, composition: string | null | undefined): string {
  const join = (...parts: (string | null | undefined)[]) => parts.filter((x) => x && x.trim()).join(' ');
  const comma = (head: string | null | undefined, tail: string) => (head && head.trim() ? (tail ? `${head}, ${tail}` : head) : tail);
  switch (composition) {
    case 'FULLNAME':
    case 'FIRST_MIDDLE_LASTNAME':
      return join(p.name, p.middleName, p.lastName);
    case 'FIRSTSURNAME':
      return join(p.name, p.lastName);
    case 'SURNAME_FIRSTNAME':
      return comma(p.lastName, join(p.name));
    case 'LAST_FIRST_MIDDLENAME':
      return comma(p.lastName, join(p.name, p.middleName));
    default:
      return join(p.lastName, p.name, p.middleName);
  }
}
