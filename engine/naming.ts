/** camelCase → snake_case, the column naming used by every derived table. */
export function snake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** The column of a document path: `['address', 'adminUnitId']` → `address_admin_unit_id`. */
export function columnOf(path: string[]): string {
  return path.map(snake).join('_');
}
