import type { Context } from 'hono';
import { bundle } from '../../engine/bundle.ts';
import { t } from '../../engine/i18n.ts';
import type { EntitySchemaFile } from '../../engine/types.ts';
import { deriveUiSchema } from '../../engine/ui-schema.ts';
import type { AppContext, Env } from '../http/context.ts';
import { fail } from '../http/errors.ts';
import { assertPermission } from '../http/middleware.ts';

/** `x-form` of a form-only schema: the table each part is saved to, and the permission guarding it. */
export interface FormMeta {
  parts?: Record<string, string>;
  permission?: string;
}

/**
 * A form-only schema (no `x-table`: a workflow form composed of parts of several entities, such as
 * the new notification `newnotif_tb` = patient + case) named by the request, or undefined when
 * the name is not one. Its `x-form.permission` is required of the session (none declared: any user).
 */
export function formSchemaFor(ctx: AppContext, c: Context<Env>): EntitySchemaFile | undefined {
  const schema = ctx.registry.schemas.get(c.req.param('table') ?? '');
  if (!schema || schema['x-table'] || ctx.registry.tables.has(schema.$id)) return undefined;
  assertPermission(c.get('session'), (schema['x-form'] as FormMeta | undefined)?.permission);
  return schema;
}

/**
 * The remote form of a form-only schema: `{doc, schema, resources}` as for a table, the schema
 * bundled (the parts inlined, only their picked fields) and `resources.form` naming its parts.
 * A new document only: loading and saving one comes with the modules that own the parts.
 */
export function remoteForm(schema: EntitySchemaFile, ctx: AppContext, c: Context<Env>, body: Record<string, unknown>) {
  if (body.id !== undefined) throw fail(400, t(c.get('lang'), 'msg.unknownField'), 'id');
  const bundled = bundle(ctx.registry, schema) as EntitySchemaFile;
  const meta = (schema['x-form'] ?? {}) as FormMeta;
  return {
    doc: {},
    schema: bundled,
    resources: {
      uiSchema: deriveUiSchema(bundled),
      list: {},
      form: { name: schema.$id, parts: meta.parts ?? {}, permission: meta.permission },
      readOnly: c.req.query('ro') !== undefined,
    },
  };
}
