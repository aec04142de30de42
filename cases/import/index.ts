/**
 * Importing a programme's registers: an XLSX or CSV file of patients and cases (one row a
 * case; exams in further sheets or columns) is uploaded, read (`files/`), its columns mapped to the
 * declared fields (`fields.ts`, `mapping.ts`: saved and reused; catalogue values matched by code or
 * name), checked by a dry run and imported by a run — both background work (`runner.ts`, `steps.ts`)
 * resumable after a restart, every row through the one writer as its form would save it (`apply.ts`),
 * never twice (`ledger.ts`, `duplicates.ts`); an error report (`report.ts`) and a template per form
 * (`template.ts`) to download. Routes: `routes.ts`; docs: docs/import.md.
 */
export { importRoutes } from './routes.ts';
export { importRunner, startImportRunner } from './runner.ts';
