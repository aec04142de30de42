/**
 * The 'Новый заказ' dialog of a unit: its order proposal for today
 * (`GET /api/stock/unit/{id}/proposal`) above the order's own form — per medicine the stock on hand, on
 * order, the average monthly consumption (AMC) and the current patients' forecast a month, and the
 * quantity each basis proposes with how it was reached ('6 × 30 − 100 − 20 = 60') — and the form's
 * medicines filled from the basis chosen (by consumption or by forecast), each quantity editable, a
 * medicine removable or added. Choosing the other basis fills the medicines again. Saved as
 * `POST /api/tbl/stockorder`; the server's refusals show on their fields.
 *
 * @example <NewOrderDialog unitId={id} open={adding} onSaved={reload} onClose={close} />
 */
import { useEffect, useState } from 'react';
import { Alert, Modal, Radio, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorsOf, tableApi, type Doc, type FieldError } from '../api/index.ts';
import { useData } from '../generic/data/useData.ts';
import { SchemaForm } from '../generic/forms/SchemaForm.tsx';
import { useUnsavedGuard } from '../generic/forms/useUnsavedGuard.tsx';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import { stockApi, stockForm, type OrderProposal } from './api.ts';
import { figure, reckoning } from './proposalReckoning.ts';

/** The quantity proposed by consumption (the AMC) or by the current patients' forecast. */
export type ProposalBasis = 'consumption' | 'forecast';

type Line = OrderProposal['lines'][number];

const proposedBy = (l: Line, basis: ProposalBasis) => (basis === 'consumption' ? l.byConsumption : l.byForecast);
const monthlyBy = (l: Line, basis: ProposalBasis) => (basis === 'consumption' ? l.amc : l.forecastMonthly);

/** The order's medicines on a basis: those it proposes a quantity of, in the proposal's order. */
export const itemsOf = (p: OrderProposal, basis: ProposalBasis) =>
  p.lines.filter((l) => proposedBy(l, basis) > 0).map((l) => ({ productId: l.productId, quantity: proposedBy(l, basis) }));

export interface NewOrderDialogProps {
  unitId: string;
  open: boolean;
  /** The fields of an order only the server sets, left out of the form. */
  serverFields: string[];
  onSaved: () => void;
  onClose: () => void;
}

export function NewOrderDialog({ unitId, open, serverFields, onSaved, onClose }: NewOrderDialogProps) {
  const { t, i18n } = useTranslation();
  const [chosenBasis, setBasis] = useState<ProposalBasis | null>(null);
  const [saveErrors, setSaveErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const guard = useUnsavedGuard(onClose);
  // read each time the dialog opens, for this unit only; the form opens without the proposal when it cannot be read
  const { data, errors: loadErrors } = useData(
    (signal) => Promise.all([stockForm('stockorder', { unitId }, serverFields), stockApi.proposal(unitId, signal).catch(() => null)]),
    [open, unitId],
    { enabled: open, keepPrevious: false },
  );
  const [form, proposal] = data ?? [null, null];
  // by consumption when the unit has dispensed, else by its patients' forecast, until the user chooses
  const basis = chosenBasis ?? (proposal && !proposal.lines.some((l) => l.amc > 0) && proposal.lines.some((l) => l.forecastMonthly > 0) ? 'forecast' : 'consumption');
  const errors = saveErrors.length ? saveErrors : loadErrors;

  useEffect(() => {
    if (!open) return;
    setBasis(null);
    setSaveErrors([]);
    guard.reset();
  }, [open, unitId]);

  const save = async (doc: Doc) => {
    setSaving(true);
    try {
      await tableApi.create('stockorder', doc);
      setSaveErrors([]);
      onSaved();
    } catch (err) {
      setSaveErrors(errorsOf(err));
    } finally {
      setSaving(false);
    }
  };

  const lang = i18n.language;
  const quantityCell = (l: Line, b: ProposalBasis) => (
    <div data-testid={`order-proposal-${b}-${l.productId}`}>
      <Typography.Text strong={b === basis}>{proposedBy(l, b)}</Typography.Text>
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {reckoning({ monthly: monthlyBy(l, b), onHand: l.onHand, onOrder: l.onOrder, proposed: proposedBy(l, b) }, proposal!.maxStockOnHand, lang)}
        </Typography.Text>
      </div>
    </div>
  );
  const items = proposal ? itemsOf(proposal, basis) : [];

  return (
    <Modal open={open} title={t('ui.stock.newOrder')} width={1100} footer={null} onCancel={guard.close} destroyOnHidden mask={{ closable: false }}>
      <div data-testid="remote-form-dialog" {...guard.watch}>
        {proposal && proposal.lines.length > 0 && (
          <section data-testid="order-proposal" aria-label={t('ui.stock.proposal')} style={{ marginBottom: 16 }}>
            <Typography.Title level={3} style={{ fontSize: 16 }}>{t('ui.stock.proposal')}</Typography.Title>
            <Typography.Paragraph type="secondary" data-testid="order-proposal-rule">
              {t('ui.stock.proposalRule', { months: proposal.maxStockOnHand, days: proposal.numDaysOrder })}
            </Typography.Paragraph>
            <Table<Line>
              size="small"
              pagination={false}
              rowKey="productId"
              dataSource={proposal.lines}
              onRow={(l) => ({ 'data-testid': `order-proposal-${l.productId}` }) as any}
              columns={[
                { key: 'medicine', title: t('stock.medicine'), dataIndex: 'productName' },
                { key: 'onHand', title: t('ui.stock.proposalOnHand'), align: 'right', render: (_: unknown, l) => figure(l.onHand, lang) },
                { key: 'onOrder', title: t('ui.stock.proposalOnOrder'), align: 'right', render: (_: unknown, l) => figure(l.onOrder, lang) },
                { key: 'amc', title: t('ui.stock.proposalAmc'), align: 'right', render: (_: unknown, l) => figure(l.amc, lang) },
                { key: 'forecast', title: t('ui.stock.proposalForecast'), align: 'right', render: (_: unknown, l) => figure(l.forecastMonthly, lang) },
                { key: 'byConsumption', title: t('ui.stock.byConsumption'), align: 'right', render: (_: unknown, l) => quantityCell(l, 'consumption') },
                { key: 'byForecast', title: t('ui.stock.byForecast'), align: 'right', render: (_: unknown, l) => quantityCell(l, 'forecast') },
              ]}
            />
            <div style={{ marginTop: 8 }}>
              <Typography.Text>{t('ui.stock.fillBy')} </Typography.Text>
              <Radio.Group data-testid="order-proposal-basis" value={basis} onChange={(e) => setBasis(e.target.value)}>
                <Radio value="consumption">{t('ui.stock.byConsumption')}</Radio>
                <Radio value="forecast">{t('ui.stock.byForecast')}</Radio>
              </Radio.Group>
            </div>
          </section>
        )}
        {form ? (
          <SchemaForm
            key={basis}
            schema={form.schema}
            uiSchema={form.resources?.uiSchema}
            options={form.resources?.options}
            formData={{ ...form.doc, ...(items.length ? { items } : {}) }}
            serverErrors={errors}
            saving={saving}
            onSubmit={save}
            onCancel={onClose}
            onChange={guard.changed}
          />
        ) : errors.length ? (
          <Alert type="error" showIcon data-testid="form-errors" title={errors.map((e) => e.msg).join('; ')} />
        ) : (
          <WaitIcon />
        )}
      </div>
      {guard.dialog}
    </Modal>
  );
}
