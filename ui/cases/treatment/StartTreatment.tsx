/**
 * The treatment tab before treatment: 'Лечение не начато' and, when the session
 * may start it, the Start treatment button (the server's rule: no start on a presumptive case, nor
 * before validation where the workspace asks it first — then the tab says why instead) offering a standard or an individualized regimen. Each
 * opens its form (declared by the server, `TREATMENT_FORMS`); server errors show beside the fields;
 * on success the dialog closes and `onStarted` refreshes the case.
 *
 * @example
 *   <StartTreatment caseId={id} state={notStarted} tbcase={tbcase} onStarted={reload} />
 */
import { useState } from 'react';
import { Button, Card, Dropdown, Result } from 'antd';
import { DownOutlined, MedicineBoxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RemoteFormDialog } from '../../generic/forms/index.ts';
import type { Doc } from '../../api/index.ts';
import { treatmentApi } from './api.ts';
import { loadTreatmentForm } from './forms.ts';
import { todayIso } from './dates.ts';
import { TREATMENT_FORMS, type TreatmentNotStarted } from './model.ts';

type Kind = 'standard' | 'individualized';

/** A start form's first values: today, the case's unit, and (standard) the classification that narrows the regimens. */
function startValues(kind: Kind, tbcase: StartTreatmentProps['tbcase']): Doc {
  const values: Doc = { iniDate: todayIso() };
  if (tbcase.ownerUnitId) values.unitId = tbcase.ownerUnitId;
  if (kind === 'standard') values.classification = tbcase.classification;
  return values;
}

const FORM: Record<Kind, string> = { standard: TREATMENT_FORMS.startStandard, individualized: TREATMENT_FORMS.startIndividualized };

export interface StartTreatmentProps {
  caseId: string;
  state: TreatmentNotStarted;
  /** The case: its classification narrows the regimens offered, its unit is the default treatment unit. */
  tbcase: { classification: string; ownerUnitId?: string };
  onStarted: () => void;
}

export function StartTreatment({ caseId, state, tbcase, onStarted }: StartTreatmentProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind | null>(null);

  return (
    <Card data-testid="treatment-not-started" size="small">
      <Result
        icon={<MedicineBoxOutlined style={{ color: '#bfbfbf' }} />}
        title={<span data-testid="treatment-not-started-text">{t('treatment.notStarted')}</span>}
        subTitle={state.startRefusal ? <span data-testid="treatment-start-refusal">{state.startRefusal}</span> : undefined}
        extra={
          state.canStart ? (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'standard', label: <span data-testid="treatment-start-standard">{t('ui.treatment.startStandard')}</span> },
                  { key: 'individualized', label: <span data-testid="treatment-start-individualized">{t('ui.treatment.startIndividualized')}</span> },
                ],
                onClick: ({ key }) => setKind(key as Kind),
              }}
            >
              <Button data-testid="treatment-start" type="primary">
                {t('ui.treatment.start')} <DownOutlined />
              </Button>
            </Dropdown>
          ) : null
        }
      />
      {kind ? (
        <RemoteFormDialog
          open
          title={t(kind === 'standard' ? 'treatstart.standard' : 'treatstart.individual')}
          load={() => loadTreatmentForm(FORM[kind], { values: startValues(kind, tbcase), dropUnit: state.clientMode })}
          save={(doc: Doc) => treatmentApi.start({ ...doc, caseId })}
          onSaved={() => {
            setKind(null);
            onStarted();
          }}
          onClose={() => setKind(null)}
        />
      ) : null}
    </Card>
  );
}
