/**
 * The 'other cases' card of the case data tab: the patient's other cases in the
 * user's view (`tbcase.allCases` without this one) — classification and diagnosis type,
 * registration date, state — each a link to its case page, or a message that there is none.
 *
 * @example <OtherCasesCard tbcase={tbcase} />
 */
import { Card, List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatValue } from '../../generic/forms/formatValue.ts';
import type { CaseView } from '../case/types.ts';

const stateColor: Record<string, string> = { NOT_ONTREATMENT: 'orange', ONTREATMENT: 'green' };

export function OtherCasesCard({ tbcase }: { tbcase: CaseView }) {
  const { t } = useTranslation();
  const others = (tbcase.allCases ?? []).filter((c) => c.id !== tbcase.id);
  return (
    <Card data-testid="case-other-cases" size="small" title={t('ui.caseData.otherCases')}>
      {others.length ? (
        <List
          size="small"
          dataSource={others}
          renderItem={(c) => (
            <List.Item data-testid="other-case" data-id={c.id}>
              <Link to={`/sys/case?id=${encodeURIComponent(c.id)}`}>
                {t(`caseClassification.${c.classification}`)} — {t(`diagnosisType.${c.diagnosisType}`)}
                {c.caseNumber ? ` (${c.caseNumber})` : ''}
              </Link>
              <Typography.Text type="secondary">{formatValue(c.registrationDate, { format: 'date' }, t)}</Typography.Text>
              <Tag color={stateColor[c.state] ?? 'default'}>{t(`caseState.${c.state}`)}</Tag>
            </List.Item>
          )}
        />
      ) : (
        <Typography.Text type="secondary" data-testid="no-other-cases">
          {t('ui.caseData.noOtherCases')}
        </Typography.Text>
      )}
    </Card>
  );
}
