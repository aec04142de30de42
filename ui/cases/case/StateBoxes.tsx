import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { COLORS } from '../../theme/colors.ts';
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
 * The three coloured boxes of the case header (spec 001 §2.5, §4): diagnosis type, state and validation
 * ('Обосновано' / 'Ожидает обоснования').
 * @example <StateBoxes tbcase={tbcase} />
 */
export function StateBoxes({ tbcase }: { tbcase: CaseView }) {
  const { t } = useTranslation();
  return (
    <Row gutter={12} data-testid="case-state-boxes">
      <Col xs={24} sm={8}>
        <Box id="diagnosis" color={diagnosisColor(tbcase.diagnosisType)} label={t('tbcase.diagnosisType')} value={t(`diagnosisType.${tbcase.diagnosisType}`)} />
      </Col>
      <Col xs={24} sm={8}>
        <Box id="state" color={stateColor(tbcase.state)} label={t('tbcase.state')} value={t(`caseState.${tbcase.state}`)} />
      </Col>
      <Col xs={24} sm={8}>
        <Box
          id="validation"
          color={tbcase.validated ? GREEN : ORANGE}
          label={t('ui.casePage.validation')}
          value={t(tbcase.validated ? 'ui.casePage.validated' : 'ui.casePage.notValidated')}
        />
      </Col>
    </Row>
  );
}
