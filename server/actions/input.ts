// An action's body checked against what it declares (`RowAction.input`, or the form file `RowAction.form`
// names, or the one of two a `FormChoice` picks by the body's content), and the schema that documents it.
import type { EntitySchemaFile, JsonSchema } from '../../engine/types.ts';
import { dropHidden } from '../../engine/visibility.ts';
import { ApiError } from '../http/errors.ts';
import { inputDateErrors } from '../tbl/date-bounds.ts';
import { bundledForm } from '../tbl/forms.ts';
import type { AppContext, Doc, FormChoice, RowAction, Session } from '../types.ts';

const formSchema = (ctx: AppContext, action: RowAction, name: string): JsonSchema => {
  const file = ctx.registry.schemas.get(name);
  if (!file) throw new Error(`action ${action.table}.${action.name}: no schema file ${name}`);
  return bundledForm(ctx.registry, file as EntitySchemaFile).schema;
};

/**
 * The form file that declares this body: `RowAction.form` when it names one, else the file its
 * {@link FormChoice} names for the body (`then` when the body passes `if`, checked by ajv); none
 * when the action declares a literal `input`.
 * @example formOf(ctx, startTreatment, { iniDate, unitId, prescriptions: [...] }) // 'treatstart_individual'
 */
export function formOf(ctx: AppContext, action: RowAction, body: unknown): string | undefined {
  const form = action.form;
  if (form === undefined || typeof form === 'string') return form;
  const passes = ctx.validators.validate(`action:${action.table}.${action.name}#if`, form.if, body, 'en').length === 0;
  return passes ? form.then : form.else;
}

/**
 * The action's body checked by ajv against its declared input: the form schema file it names
 * (chosen by the body's content when the action declares a {@link FormChoice}; values hidden by the
 * file's `x-visible` dropped first, then its date bounds), else `input`; 400 with the errors in the
 * file's own messages. Answers the body as checked.
 * @example checkInput(ctx, s, closeCase, {outcome: 'CURED', outcomeDate: '2025-01-31'})
 */
export function checkInput(ctx: AppContext, s: Session, action: RowAction, body: unknown): Doc {
  let schema = action.input ?? { type: 'object' };
  let id = `action:${action.table}.${action.name}`;
  let doc = body as Doc;
  const form = formOf(ctx, action, body);
  if (form) {
    schema = formSchema(ctx, action, form);
    id = `form:${form}`;
    if (doc && typeof doc === 'object' && !Array.isArray(doc)) doc = dropHidden(schema, { ...doc });
  }
  const errors = ctx.validators.validate(id, schema, doc, s.lang);
  if (!errors.length) errors.push(...inputDateErrors(schema, doc, s)); // x-notAfter / x-notBefore
  if (errors.length) throw new ApiError(400, errors);
  return doc;
}

/**
 * The schema of an action's body as the OpenAPI document gives it: its literal `input`, its form
 * file bundled, or a {@link FormChoice} as JSON Schema's `if`/`then`/`else` over the two files bundled; `{}` without one.
 * @example inputSchema(ctx, startTreatment) // { if: {required: ['prescriptions'], …}, then: {…individual}, else: {…standard} }
 */
export function inputSchema(ctx: AppContext, action: RowAction): JsonSchema {
  const form = action.form;
  if (form === undefined) return action.input ?? { type: 'object' };
  if (typeof form === 'string') return formSchema(ctx, action, form);
  return choiceSchema(form, (name) => formSchema(ctx, action, name));
}

/** A choice as JSON Schema: `{if, then, else}` with each named file's schema as `schemaOf` gives it. */
export function choiceSchema(choice: FormChoice, schemaOf: (name: string) => JsonSchema): JsonSchema {
  return { if: choice.if, then: schemaOf(choice.then), else: schemaOf(choice.else) };
}
