/** Placeholder: the comments of one group of a case (DATA, PREV_TREATS, CONTACTS, ADV_REACTS, COMORBIDITIES); its owner replaces it. */
export interface CaseCommentsProps {
  caseId: string;
  group: 'DATA' | 'PREV_TREATS' | 'CONTACTS' | 'ADV_REACTS' | 'COMORBIDITIES';
}

export default function CaseComments(_props: CaseCommentsProps) {
  return null;
}
