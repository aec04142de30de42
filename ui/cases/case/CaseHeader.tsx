import { Avatar, Space, Typography } from 'antd';
import { UserOutlined, WomanOutlined, ManOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import LatestResults from '../followups/LatestResults.tsx';
import { PatientAge } from './PatientAge.tsx';
import { COLORS } from '../../theme/colors.ts';
import { StateBoxes } from './StateBoxes.tsx';
import type { CaseView } from './types.ts';
import { PageTitle } from '../../generic/PageTitle.tsx';

/** The avatar by the patient's gender (a woman's, a man's, or a neutral one). */
export function GenderAvatar({ gender, size = 56 }: { gender?: string; size?: number }) {
  const icon = gender === 'FEMALE' ? <WomanOutlined /> : gender === 'MALE' ? <ManOutlined /> : <UserOutlined />;
  const bg = gender === 'FEMALE' ? COLORS.magenta : gender === 'MALE' ? COLORS.blue : COLORS.grey;
  return <Avatar data-testid="case-avatar" data-gender={gender ?? ''} size={size} icon={icon} style={{ background: bg, flex: 'none' }} />;
}

/**
 * The case header: patient name with the gender avatar, classification and diagnosis
 * type, case code, the owner unit linked to its cases, the patient's age, the latest results (exams,
 * weight, HIV status), and the three state boxes.
 * @example <CaseHeader tbcase={tbcase} />
 */
export function CaseHeader({ tbcase }: { tbcase: CaseView }) {
  const { t } = useTranslation();
  const unit = tbcase.ownerUnit;
  return (
    <div data-testid="case-header" style={{ marginBottom: 16 }}>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap', marginBottom: 12 }}>
        <GenderAvatar gender={tbcase.patient?.gender} />
        <div style={{ flex: 1, minWidth: 240 }}>
          <PageTitle style={{ margin: 0 }} data-testid="case-patient-name">
            {tbcase.patient?.fullName} <PatientAge birthDate={tbcase.patient?.birthDate} />
          </PageTitle>
          <Space wrap size={16}>
            <span data-testid="case-label">
              {t(`caseClassification.${tbcase.classification}`)} — {t(`diagnosisType.${tbcase.diagnosisType}`)}
            </span>
            {tbcase.caseNumber && (
              <span data-testid="case-code">
                {t('tbcase.caseNumber')}: <b>{tbcase.caseNumber}</b>
              </span>
            )}
            {unit && (
              <span>
                {t('tbcase.ownerUnit')}:{' '}
                <Link data-testid="case-owner-unit" to={`/sys/unit/cases?id=${unit.id}`}>
                  {unit.name}
                </Link>
                {unit.adminUnit?.name && <Typography.Text type="secondary"> ({unit.adminUnit.name})</Typography.Text>}
              </span>
            )}
          </Space>
        </div>
        <LatestResults tbcase={tbcase} />
      </div>
      <StateBoxes tbcase={tbcase} />
    </div>
  );
}
