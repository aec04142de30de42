/** A document value as display text, using its (raw) property schema: refs, enums, booleans, dates, lists. */
import { dateText, dateTimeText } from '../../i18n/dates.ts';

type Translate = (key: string) => string;
type PropSchema = Record<string, unknown> | undefined;

export function formatValue(value: unknown, prop: PropSchema, t: Translate): string {
  if (value === undefined || value === null || value === '') return '';
  if (Array.isArray(value)) {
    const items = prop?.items as PropSchema;
    return value.map((v) => formatValue(v, items, t)).filter(Boolean).join(', ');
  }
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.name === 'string') return o.name;
    if (typeof o.label === 'string') return o.label;
    return '';
  }
  if (typeof value === 'boolean') return t(value ? 'ui.common.yes' : 'ui.common.no');
  if (typeof prop?.['x-enum'] === 'string') return t(`${prop['x-enum']}.${String(value)}`);
  if (prop?.format === 'date' && typeof value === 'string') return dateText(value);
  if (prop?.format === 'date-time' && typeof value === 'string') return dateTimeText(value, false);
  return String(value);
}
