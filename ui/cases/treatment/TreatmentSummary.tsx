/**
 * The treatment summary card: the regimen (or 'individualized'), the label of a
 * standard regimen since changed, the period, the treatment units and the progress, which grows
 * from 0 after 300 ms. `extra` is drawn in the card's corner (the settings menu).
 *
 * @example
 *   <TreatmentSummary treatment={tr} extra={<TreatmentMenu onAction={act} />} />
 */
import type { ReactNode } from 'react';
import { Card, Descriptions, Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TreatmentStarted } from './model.ts';
import { periodText } from './format.ts';
import { useAnimatedProgress } from './useAnimatedProgress.ts';
import { COLORS } from '../../theme/colors.ts';

export function TreatmentSummary({ treatment, extra }: { treatment: TreatmentStarted; extra?: ReactNode }) {
  const { t } = useTranslation();
  const progress = useAnimatedProgress(treatment.progress);
  return (
    <Card data-testid="treatment-summary" title={t('treatment.title')} extra={extra} size="small">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('treatment.regimen')}>
          <span data-testid="treatment-regimen">{treatment.regimen?.name ?? t('ui.treatment.individualized')}</span>
          {treatment.movedToIndividualized ? (
            <Tag data-testid="treatment-moved" color="orange" style={{ marginInlineStart: 8 }}>
              {t('treatment.movedToIndividualized')}
            </Tag>
          ) : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('ui.treatment.period')}>
          <span data-testid="treatment-period" data-ini={treatment.period.ini} data-end={treatment.period.end}>
            {periodText(treatment.period.ini, treatment.period.end)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('treatunit.title')}>
          <ul data-testid="treatment-units" style={{ margin: 0, paddingInlineStart: 18 }}>
            {treatment.units.map((u) => (
              <li key={`${u.unit.id}-${u.ini}`} data-testid="treatment-unit">
                {u.unit.name} <span style={{ color: COLORS.textSecondary }}>({periodText(u.ini, u.end)})</span>
              </li>
            ))}
          </ul>
        </Descriptions.Item>
        <Descriptions.Item label={t('ui.treatment.progress')}>
          <Progress data-testid="treatment-progress" aria-label={t('ui.treatment.progress')} data-value={progress} percent={progress} strokeColor={COLORS.green} style={{ maxWidth: 360 }} />
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
