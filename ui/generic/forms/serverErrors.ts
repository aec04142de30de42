/** Server errors (`[{field, msg}]`) as an rjsf `ErrorSchema` to show beside the fields. */
import type { ErrorSchema } from '@rjsf/utils';
import type { FieldError } from '../../api/index.ts';

export function toErrorSchema(errors: FieldError[] | undefined, t: (key: string) => string): ErrorSchema | undefined {
  const fieldErrors = (errors ?? []).filter((e) => e.field);
  if (!fieldErrors.length) return undefined;
  const root: Record<string, unknown> = {};
  for (const e of fieldErrors) {
    let node = root;
    for (const part of e.field!.split(/[./]/).filter(Boolean)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    ((node.__errors ??= []) as string[]).push(t(e.msg));
  }
  return root as ErrorSchema;
}
