import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { COLORS } from '../../theme/colors.ts';
import { validationStatus } from '../../../cases/workflow/rules.ts';
import type { CaseView } from './types.ts';

const { orange: ORANGE, green: GREEN, grey: GREY } = COLORS;

/** The colour of the diagnosis type (SUSPECT orange, CONFIRMED green) and of the state (NOT_ONTREATMENT orange, ONTREATMENT green, others grey). */
export const diagnosisColor = (d: string) => (d === 'CONFIRMED' ? GREEN : ORANGE);
export const stateColor = (s: string) => (s === 'ONTREATMENT' ? GREEN : s === 'NOT_ONTREATMENT' ? ORANGE : GREY);

function Box({ id, color, label, value }: { id: string; color: string; label: string; value: string }) {
  return (
    <div data-testid={`case-box-${id}`} data-color={color} style={{ background: color, color: '#fff', borderRadius: 6, padding: '8px 14px' }}>
      <div style={{ fontSize: 12 }}>{label}</div>
      <div style={{ fontSize: 16, fontWeight: 600 }}>{value}</div>
    </div>
  );
}

/**
 * The coloured boxes of the case header: diagnosis type, state and — where the
 * workspace uses validation for the case's classification — validation ('Обосновано' / 'Ожидает
 * обоснования'; cases/workflow/rules.ts `validationStatus`).
 * @example <StateBoxes tbcase={tbcase} />
 */
export function StateBoxes({ tbcase }: { tbcase: CaseView }) {
  const { t } = useTranslation();
  const validation = validationStatus(tbcase, tbcase.validation);
  const span = validation ? 8 : 12;
  return (
    <Row gutter={12} data-testid="case-state-boxes">
      <Col xs={24} sm={span}>
        <Box id="diagnosis" color={diagnosisColor(tbcase.diagnosisType)} label={t('tbcase.diagnosisType')} value={t(`diagnosisType.${tbcase.diagnosisType}`)} />
      </Col>
      <Col xs={24} sm={span}>
        <Box id="state" color={stateColor(tbcase.state)} label={t('tbcase.state')} value={t(`caseState.${tbcase.state}`)} />
      </Col>
      {validation && (
        <Col xs={24} sm={span}>
          <Box
            id="validation"
            color={validation === 'VALIDATED' ? GREEN : ORANGE}
            label={t('ui.casePage.validation')}
            value={t(validation === 'VALIDATED' ? 'ui.casePage.validated' : 'ui.casePage.notValidated')}
          />
        </Col>
      )}
    </Row>
  );
}
