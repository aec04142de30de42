/**
 * The prescription timeline: one row per medicine, one bar per prescription
 * period on the treatment period's 100-unit scale, labelled with the dose and frequency/7; months
 * ticked above, today marked. When `editable`, a bar opens a menu to edit or delete that period.
 *
 * @example
 *   <PrescriptionTimeline treatment={tr} editable onAdd={add} onEdit={(product, period) => edit(period)} onDelete={remove} />
 */
import { Button, Card, Dropdown, Empty } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PrescriptionPeriod, ProductPrescriptions, TreatmentStarted } from './model.ts';
import { doseLabel, monthTicks, timelineScale } from './timeline.ts';
import { monthTitle, periodText } from './format.ts';
import { todayIso } from './dates.ts';
import { COLORS } from '../../theme/colors.ts';

export interface PrescriptionTimelineProps {
  treatment: TreatmentStarted;
  editable: boolean;
  onAdd: () => void;
  onEdit: (product: ProductPrescriptions, period: PrescriptionPeriod) => void;
  onDelete: (period: PrescriptionPeriod) => void;
}

const LABEL_WIDTH = 220;
const BAR_GREEN = COLORS.green;
const BAR_GREY = COLORS.grey;

export function PrescriptionTimeline({ treatment, editable, onAdd, onEdit, onDelete }: PrescriptionTimelineProps) {
  const { t } = useTranslation();
  const { ini, end } = treatment.period;
  const scale = timelineScale(ini, end);
  const ticks = monthTicks(ini, end);
  const today = todayIso();
  const todayPos = today >= ini && today <= end ? scale.at(today) : null;

  const bar = (product: ProductPrescriptions, p: PrescriptionPeriod) => {
    const span = scale.span(p.ini, p.end);
    const label = doseLabel(p.doseUnit, p.frequency);
    const body = (
      <div
        key={p.prescriptionId}
        data-testid="timeline-bar"
        data-prescription-id={p.prescriptionId}
        data-ini={p.ini}
        data-end={p.end}
        data-left={span.left}
        data-width={span.width}
        data-dose={p.doseUnit}
        data-frequency={p.frequency}
        title={[periodText(p.ini, p.end), t('ui.treatment.doseFrequency', { dose: p.doseUnit, frequency: p.frequency }), p.comments].filter(Boolean).join('\n')}
        role={editable ? 'button' : undefined}
        tabIndex={editable ? 0 : undefined}
        style={{
          position: 'absolute',
          top: 4,
          bottom: 4,
          left: `${span.left}%`,
          width: `${span.width}%`,
          minWidth: 2,
          background: p.end < today ? BAR_GREY : BAR_GREEN,
          borderRadius: 4,
          color: '#fff',
          fontSize: 12,
          lineHeight: '24px',
          paddingInline: 4,
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          cursor: editable ? 'pointer' : 'default',
          borderInlineStart: '1px solid #fff',
        }}
      >
        {label}
      </div>
    );
    if (!editable) return body;
    return (
      <Dropdown
        key={p.prescriptionId}
        trigger={['click']}
        menu={{
          items: [
            { key: 'edit', icon: <EditOutlined />, label: <span data-testid="prescription-edit">{t('ui.treatment.editPrescription')}</span> },
            { key: 'delete', icon: <DeleteOutlined />, danger: true, label: <span data-testid="prescription-delete">{t('ui.treatment.deletePrescription')}</span> },
          ],
          onClick: ({ key }) => (key === 'edit' ? onEdit(product, p) : onDelete(p)),
        }}
      >
        {body}
      </Dropdown>
    );
  };

  return (
    <Card
      data-testid="treatment-timeline"
      size="small"
      title={t('prescription.title')}
      extra={
        editable ? (
          <Button data-testid="prescription-add" size="small" icon={<PlusOutlined />} onClick={onAdd}>
            {t('prescription.add')}
          </Button>
        ) : null
      }
    >
      {treatment.prescriptions.length === 0 ? (
        <Empty data-testid="timeline-empty" description={t('ui.treatment.noPrescriptions')} />
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <div style={{ minWidth: 640 }}>
            <div style={{ display: 'flex', marginBottom: 4 }}>
              <div style={{ width: LABEL_WIDTH, flex: 'none' }} />
              <div style={{ position: 'relative', flex: 1, height: 20, fontSize: 11, color: COLORS.textSecondary }}>
                {ticks.map((tick) => (
                  <span
                    key={`${tick.year}-${tick.month}`}
                    data-testid="timeline-month"
                    style={{ position: 'absolute', left: `${tick.pos}%`, borderInlineStart: '1px solid #d9d9d9', paddingInlineStart: 2, whiteSpace: 'nowrap' }}
                  >
                    {ticks.length > 12 ? `${tick.month}/${String(tick.year).slice(2)}` : monthTitle(tick.year, tick.month)}
                  </span>
                ))}
              </div>
            </div>
            {treatment.prescriptions.map((product) => (
              <div key={product.product.id} data-testid="timeline-row" data-product={product.product.name} style={{ display: 'flex', alignItems: 'center', borderTop: '1px solid #f0f0f0' }}>
                <div data-testid="timeline-product" style={{ width: LABEL_WIDTH, flex: 'none', paddingInlineEnd: 8, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={product.product.name}>
                  {product.product.shortName || product.product.name}
                </div>
                <div style={{ position: 'relative', flex: 1, height: 32, background: '#fafafa' }}>
                  {ticks.map((tick) => (
                    <div key={`${tick.year}-${tick.month}`} style={{ position: 'absolute', left: `${tick.pos}%`, top: 0, bottom: 0, borderInlineStart: '1px dashed #f0f0f0' }} />
                  ))}
                  {todayPos !== null ? (
                    <div data-testid="timeline-today" style={{ position: 'absolute', left: `${todayPos}%`, top: 0, bottom: 0, borderInlineStart: '2px solid #ff4d4f', zIndex: 1, pointerEvents: 'none' }} />
                  ) : null}
                  {product.periods.map((p) => bar(product, p))}
                </div>
              </div>
            ))}
          </div>
        </div>
      )}
    </Card>
  );
}
