/**
 * The case page's tab 'Информация о случае ТБ': the case data (read-only, Edit →
 * dialog), then the cards each shown only with its permission — comorbidities (COMIRBIDITIES),
 * contacts (CASECONTACT: persons with their evaluation and TPT, ../../contacts/), adverse effects (ADV_EFFECTS), previous treatments (CASEMAN) — each with
 * its comments, and the patient's other cases.
 */
import { Col, Flex, Row } from 'antd';
import { hasPermission } from '../../../session/permissions.ts';
import { useSession } from '../../../session/index.ts';
import { CaseDataCard } from '../../data/CaseDataCard.tsx';
import { ComorbiditiesCard } from '../../data/ComorbiditiesCard.tsx';
import { OtherCasesCard } from '../../data/OtherCasesCard.tsx';
import { SubRecordCard } from '../../data/SubRecordCard.tsx';
import { ContactsCard } from '../../contacts/ContactsCard.tsx';
import type { CaseTabProps } from '../types.ts';

export default function DataTab(props: CaseTabProps) {
  const session = useSession();
  const { caseId } = props;
  return (
    <Row gutter={[16, 16]} data-testid="case-data-tab">
      <Col xs={24} xl={14}>
        <Flex vertical gap={16}>
          <CaseDataCard {...props} />
          <OtherCasesCard tbcase={props.tbcase} />
        </Flex>
      </Col>
      <Col xs={24} xl={10}>
        <Flex vertical gap={16}>
          {hasPermission(session, 'COMIRBIDITIES') ? <ComorbiditiesCard {...props} /> : null}
          {hasPermission(session, 'CASECONTACT') ? <ContactsCard caseId={caseId} tbcase={props.tbcase} /> : null}
          {hasPermission(session, 'ADV_EFFECTS') ? <SubRecordCard table="sideeffect" caseId={caseId} group="ADV_REACTS" /> : null}
          {hasPermission(session, 'CASEMAN') ? <SubRecordCard table="prevtreat" caseId={caseId} group="PREV_TREATS" /> : null}
        </Flex>
      </Col>
    </Row>
  );
}
