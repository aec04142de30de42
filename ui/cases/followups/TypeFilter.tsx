/**
 * The multi-select type filter of the follow-up tab: the types the user may read; none chosen
 * shows every exam.
 *
 * @example <TypeFilter types={types} value={chosen} onChange={setChosen} />
 */
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FollowupType } from './api.ts';

export function TypeFilter({ types, value, onChange }: { types: FollowupType[]; value: string[]; onChange: (value: string[]) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      mode="multiple"
      allowClear
      data-testid="followup-filter"
      style={{ minWidth: 260, maxWidth: 520 }}
      placeholder={t('ui.followups.filter')}
      aria-label={t('ui.followups.filter')}
      value={value}
      onChange={onChange}
      options={types.map((x) => ({ value: x.type, label: x.name }))}
      optionFilterProp="label"
    />
  );
}
