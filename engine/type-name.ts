/** `countrystructure` → `Countrystructure`, `newnotif_tb` → `NewnotifTb`, `dhis2send` → `Dhis2Send` (a letter after a digit capitalised, as json-schema-to-typescript writes it): the type of one schema's documents. */
export const typeName = (id: string) => id.replace(/(^|[_-])([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase()).replace(/(?<=[0-9])[a-z]/g, (c) => c.toUpperCase());

