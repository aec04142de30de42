import type { Registry } from '../../engine/registry.ts';
import type { EntitySchemaFile } from '../../engine/types.ts';
import type { FormMeta } from '../../server/tbl/forms.ts';

/** The new-notification form every variant extends (schemas/forms/newnotif_tb.json). */
export const NOTIFICATION_FORM = 'newnotif_tb';

const cache = new WeakMap<Registry, Map<string, EntitySchemaFile>>();

/** Whether the schema is the notification form or a variant of it (through `x-extends`, at any depth). */
function isNotification(registry: Registry, schema: EntitySchemaFile): boolean {
  const seen = new Set<string>();
  for (let s: EntitySchemaFile | undefined = schema; s && !seen.has(s.$id); s = registry.schemas.get(String(s['x-extends'] ?? '')) as EntitySchemaFile | undefined) {
    if (s.$id === NOTIFICATION_FORM) return true;
    seen.add(s.$id);
  }
  return false;
}

/**
 * The notification form for a diagnosis type and a classification: the variant of `newnotif_tb`
 * whose `x-form.values.tbcase` sets both (the six files `schemas/forms/newnotif_*.json`; a new variant is a
 * new file, no code). The first by `$id` when several do.
 * @example notificationForm(registry, 'SUSPECT', 'DRTB')?.$id // 'newnotif_suspect_drtb'
 */
export function notificationForm(registry: Registry, diagnosisType: string, classification: string): EntitySchemaFile | undefined {
  let byKey = cache.get(registry);
  if (!byKey) {
    byKey = new Map();
    const forms = [...registry.schemas.values()]
      .filter((s) => !s['x-table'] && isNotification(registry, s as EntitySchemaFile))
      .sort((a, b) => a.$id.localeCompare(b.$id)) as EntitySchemaFile[];
    for (const s of forms) {
      const v = ((s['x-form'] as FormMeta | undefined)?.values?.tbcase ?? {}) as Record<string, unknown>;
      const key = `${v.diagnosisType}/${v.classification}`;
      if (!byKey.has(key)) byKey.set(key, s);
    }
    cache.set(registry, byKey);
  }
  return byKey.get(`${diagnosisType}/${classification}`);
}
