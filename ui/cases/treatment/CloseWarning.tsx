/** Placeholder: in the close-case dialog, the warning that two consecutive months without doses is the WHO definition of LOST_FOLLOWUP; its owner replaces it. */
export default function CloseWarning(_props: { caseId: string; outcome?: string }) {
  return null;
}
