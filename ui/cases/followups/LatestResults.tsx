/**
 * The case's latest exam results in the case header: the case's derived columns (`x-derived` in
 * schemas/tables/tbcase.json: latest microscopy and Xpert results, culture conversion and reversion dates)
 * that the user may see, as `GET /api/cases/case/followups/{caseId}/latest` says them — only those
 * of exam types the user may read (a latest result with its date beside it). Read again whenever
 * the case page reloads the case.
 *
 * @example <LatestResults tbcase={tbcase} />
 */
import { Space, Tag, Typography } from 'antd';
import { dateText } from '../treatment/format.ts';
import { followupsApi, type LatestValue } from './api.ts';
import { useData } from '../../generic/data/useData.ts';

export default function LatestResults({ tbcase }: { tbcase: Record<string, any> }) {
  const caseId = typeof tbcase?.id === 'string' ? tbcase.id : undefined;
  const { data } = useData((signal) => followupsApi.latest(caseId!, signal), [caseId, tbcase], { enabled: !!caseId });
  const values: LatestValue[] = data ?? [];

  if (!values.length) return null;
  // a date read from the same exam type as a result is that result's date: shown beside it
  const results = values.filter((v) => v.format !== 'date');
  const dateOf = (v: LatestValue) => values.find((d) => d.format === 'date' && d.type && d.type === v.type);
  const alone = values.filter((v) => v.format === 'date' && !results.some((r) => r.type && r.type === v.type));
  return (
    <Space size={[4, 4]} wrap data-testid="latest-results">
      {results.map((v) => {
        const date = dateOf(v);
        return (
          <Tag key={v.field} data-testid={`latest-${v.field}`} data-value={v.value}>
            <Typography.Text type="secondary">{v.title}:</Typography.Text> {v.text}
            {date ? ` (${dateText(date.value)})` : ''}
          </Tag>
        );
      })}
      {alone.map((v) => (
        <Tag key={v.field} data-testid={`latest-${v.field}`} data-value={v.value}>
          <Typography.Text type="secondary">{v.title}:</Typography.Text> {dateText(v.value)}
        </Tag>
      ))}
    </Space>
  );
}
