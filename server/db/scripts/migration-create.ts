/**
 * Writes a new migration for whatever the schemas declare that the committed migrations lack.
 * Usage: npm run migration:create [-- name]
 * It replays the committed migrations on an in-memory PGlite and diffs that against the schemas.
 */
import { loadSchemas } from '../../../engine/load.ts';
import { schemasDir } from '../../config.ts';
import { createMigration } from '../migration-diff.ts';

const name = process.argv[2];
const result = await createMigration(loadSchemas(schemasDir), { name });
console.log(result ? `wrote ${result}` : 'schemas and migrations agree: nothing to write');
