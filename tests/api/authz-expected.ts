// The authorization matrix's expected answers, written out by hand from the rules (the
// permissions and profiles, the users' management, the case actions) and the permission tree
// (engine/permissions-tree.json) — never computed by the code under test (`effectivePermissions`,
// `writePermission`, `canReadOptions`, the modules' action declarations). A change of who may do
// what must change this file too; a table, lookup, action or form the app has and this file does not
// name fails the matrix.

/** Only the system administrator role holds these; no workspace flag or profile grants them. */
export const SYSTEM_WIDE = ['SYSSETUP', 'CHECKUPDT'];

/**
 * The nodes of the tree marked changeable: ticking 'Can modify?' on one grants `<ID>_EDT`. Others
 * (CASE_TREAT, CASEMAN, …) never give an `_EDT`, so only an administrator holds their `_EDT`.
 */
export const CHANGEABLE = [
  'CASE_INTAKEMED', 'EXAM_MICROSCOPY', 'EXAM_XPERT', 'EXAM_CULTURE', 'EXAM_DST', 'EXAM_HIV', 'EXAM_XRAY', 'COMIRBIDITIES',
  'CASECONTACT', 'ADV_EFFECTS', 'CASE_MED_EXAM', 'ADMINUNITS', 'SOURCES', 'UNITS', 'SUBSTANCES', 'PRODUCTS', 'REGIMENS',
  'AGERANGES', 'POPULATION', 'PROFILES', 'TAGS', 'USERS', 'WORKSPACES', 'DHIS_EXPORT',
];

/** A user manager's profile ticks USERS with 'Can modify?': the node, its ancestors (the way to it), its `_EDT`. */
export const USER_MANAGER_HOLDS = ['ADMIN', 'TABLES', 'USERS', 'USERS_EDT'];

type Perm = string;
/** `any`: every user of the workspace; `null`: the table declares no permission (anyone of the workspace). */
interface TableRule {
  read: Perm | 'any' | null;
  create: Perm | null;
  update: Perm | null;
  delete: Perm | null;
}
const edt = (p: Perm, read: Perm | 'any' = p): TableRule => ({ read, create: `${p}_EDT`, update: `${p}_EDT`, delete: `${p}_EDT` });

/**
 * Per table of the generic API: the permission to read it and to create, change and delete a row.
 * A catalogue: `<ID>` to read, `<ID>_EDT` to write; except where the spec names other permissions:
 * a case's comments (CASE_COMMENTS to add, REM_COMMENTS to remove), its issues (NEW_ISSUE,
 * ANSWER_ISSUE, CLOSEDEL_ISSUE), its previous treatments (CASE_ADDINFO), a new workspace (only the
 * system administrator); the places every user picks from (areas, units, workspaces) read by anyone.
 */
export const TABLE_RULES: Record<string, TableRule> = {
  adherence: edt('CASE_INTAKEMED'),
  adminunit: edt('ADMINUNITS', 'any'),
  agerange: edt('AGERANGES'),
  casecomment: { read: 'CASEMAN', create: 'CASE_COMMENTS', update: 'CASE_COMMENTS', delete: 'REM_COMMENTS' },
  casetag: edt('CASEMAN'),
  contact: edt('CASECONTACT'),
  countrystructure: edt('ADMINUNITS', 'any'),
  examcul: edt('EXAM_CULTURE'),
  examdst: edt('EXAM_DST'),
  examhiv: edt('EXAM_HIV'),
  exammic: edt('EXAM_MICROSCOPY'),
  examxpert: edt('EXAM_XPERT'),
  examxray: edt('EXAM_XRAY'),
  issue: { read: 'CASEMAN', create: 'NEW_ISSUE', update: 'NEW_ISSUE', delete: 'CLOSEDEL_ISSUE' },
  issuefollowup: { read: 'CASEMAN', create: 'ANSWER_ISSUE', update: 'ANSWER_ISSUE', delete: 'CLOSEDEL_ISSUE' },
  medexam: edt('CASE_MED_EXAM'),
  patient: edt('CASEMAN'),
  population: edt('POPULATION'),
  prescription: edt('CASE_TREAT'),
  prevtreat: { read: 'CASEMAN', create: 'CASE_ADDINFO', update: 'CASE_ADDINFO', delete: 'CASE_ADDINFO' },
  product: edt('PRODUCTS'),
  regimen: edt('REGIMENS'),
  sideeffect: edt('ADV_EFFECTS'),
  source: edt('SOURCES'),
  // the stock ledger: read with INVENTORY; a movement added with INVENTORY (its type's own permission
  // is the ledger's rule: tests/api/stock-ledger.test.ts), never changed; a batch never written by hand
  stockbatch: edt('INVENTORY'),
  stockmovement: { read: 'INVENTORY', create: 'INVENTORY', update: 'INVENTORY_EDT', delete: 'INVENTORY_EDT' },
  stocktransfer: { read: 'INVENTORY', create: 'NEW_TRANSFER', update: 'INVENTORY_EDT', delete: 'INVENTORY_EDT' },
  stockorder: { read: 'INVENTORY', create: 'NEW_ORDER', update: 'INVENTORY_EDT', delete: 'INVENTORY_EDT' },
  // a stock count: made with STOCK_ADJ (its differences are adjustments), never changed (stock/count.ts)
  stockcount: { read: 'INVENTORY', create: 'STOCK_ADJ', update: 'INVENTORY_EDT', delete: 'INVENTORY_EDT' },
  substance: edt('SUBSTANCES'),
  tag: edt('TAGS'),
  tbcase: edt('CASEMAN'),
  // contacts and TPT: the contact's permission; the TPT regimens are regimens
  tptadherence: edt('CASECONTACT'),
  tptcourse: edt('CASECONTACT'),
  tptregimen: edt('REGIMENS'),
  treatment: edt('CASE_TREAT'),
  treatunit: edt('CASE_TREAT'),
  unit: edt('UNITS', 'any'),
  userprofile: edt('PROFILES'),
  userws: edt('USERS'),
  workspace: { read: 'any', create: 'SYSSETUP', update: 'WORKSPACES_EDT', delete: 'WORKSPACES_EDT' },
};

/**
 * An offline upload (`POST /api/sync/push`, docs/sync.md) of a row also passes with the permission of
 * the domain forms and actions the browser edits it through, besides the table's own (TABLE_RULES): a
 * case and its patient are notified with NEWCASE or NEWSUSP; a treatment, its units and prescriptions
 * are started and changed with CASE_TREAT; a case's manual tag is set (and removed) with CASE_TAG, and
 * a tag typed in the tag dialog made with it.
 */
export const PUSH_PERMISSIONS: Record<string, Partial<Record<'create' | 'update' | 'delete', Perm[]>>> = {
  tbcase: { create: ['NEWCASE', 'NEWSUSP'], update: ['NEWCASE', 'NEWSUSP'] },
  patient: { create: ['NEWCASE', 'NEWSUSP'], update: ['NEWCASE', 'NEWSUSP'] },
  treatment: { create: ['CASE_TREAT'], update: ['CASE_TREAT'], delete: ['CASE_TREAT'] },
  treatunit: { create: ['CASE_TREAT'], update: ['CASE_TREAT'], delete: ['CASE_TREAT'] },
  prescription: { create: ['CASE_TREAT'], update: ['CASE_TREAT'], delete: ['CASE_TREAT'] },
  casetag: { create: ['CASE_TAG'], delete: ['CASE_TAG'] },
  tag: { create: ['CASE_TAG'] },
};

/**
 * Who may read each option lookup (`/api/opts/<name>`): `any`, or the permissions any one of which
 * opens it — the table's own readers, and the holders of a form that picks from it (a case form
 * picks a unit, a patient, a tag; a profile editor the permission tree; a user editor a profile…).
 */
const CASE_SUB_RECORDS = ['CASEMAN', 'ADV_EFFECTS', 'CASECONTACT', 'CASE_INTAKEMED', 'CASE_MED_EXAM', 'CASE_TREAT', 'EXAM_CULTURE', 'EXAM_DST', 'EXAM_HIV', 'EXAM_MICROSCOPY', 'EXAM_XPERT', 'EXAM_XRAY'];
export const OPTION_READERS: Record<string, Perm[] | 'any'> = {
  adherence: ['CASE_INTAKEMED'],
  adminunit: 'any',
  agerange: ['AGERANGES'],
  casecomment: ['CASEMAN'],
  casetag: ['CASEMAN'],
  'command-types': ['CMDHISTORY', 'CMDSTATISTICS'],
  contact: ['CASECONTACT'],
  countrystructure: 'any',
  examcul: ['EXAM_CULTURE'],
  examdst: ['EXAM_DST'],
  examhiv: ['EXAM_HIV'],
  exammic: ['EXAM_MICROSCOPY'],
  examxpert: ['EXAM_XPERT'],
  examxray: ['EXAM_XRAY'],
  issue: ['CASEMAN'],
  issuefollowup: ['CASEMAN'],
  medexam: ['CASE_MED_EXAM'],
  patient: ['CASEMAN'],
  population: ['POPULATION'],
  'perms-tree': ['PROFILES'],
  prescription: ['CASE_TREAT'],
  prevtreat: ['CASEMAN'],
  product: ['PRODUCTS', 'CASE_TREAT', 'REGIMENS', 'INVENTORY', 'DISP_PAC'],
  regimen: ['REGIMENS', 'CASE_TREAT'],
  'report-users': ['USERSESREP', 'CMDHISTORY', 'CMDSTATISTICS', 'ONLINE', 'ERRORLOGREP'],
  sideeffect: ['ADV_EFFECTS'],
  source: ['SOURCES', 'INVENTORY'],
  stockbatch: ['INVENTORY', 'DISP_PAC'],
  'unit-batches': ['STOCK_ADJ'],
  stockmovement: ['INVENTORY'],
  stocktransfer: ['INVENTORY'],
  stockorder: ['INVENTORY'],
  stockcount: ['INVENTORY'],
  substance: ['SUBSTANCES', 'ADV_EFFECTS', 'PRODUCTS'],
  tag: ['TAGS', 'CASEMAN', 'CASE_TAG'],
  tbcase: [...CASE_SUB_RECORDS, 'INVENTORY', 'DISP_PAC'],
  tptadherence: ['CASECONTACT'],
  tptcourse: ['CASECONTACT'],
  tptregimen: ['REGIMENS', 'CASECONTACT'],
  treatment: ['CASE_TREAT'],
  treatunit: ['CASE_TREAT'],
  unit: 'any',
  'user-views': ['USERS'],
  userprofile: ['PROFILES', 'SYSSETUP', 'USERS'],
  workspace: 'any',
};

/** The declared row actions (`<table>.<action>`) and the permission each needs. */
export const ACTION_PERMISSIONS: Record<string, Perm> = {
  'userws.resetpwd': 'USERS_EDT',
  'userws.updatepwd': 'USERS_EDT',
  'userws.block': 'USERS_EDT',
  'userws.unblock': 'USERS_EDT',
  'tbcase.validate': 'CASE_VALIDATE',
  'tbcase.close': 'CASE_CLOSE',
  'tbcase.reopen': 'CASE_REOPEN',
  'tbcase.transferout': 'CASE_TRANSFER',
  'tbcase.transferin': 'CASE_TRANSFER',
  'tbcase.undotransfer': 'CASE_TRANSFER',
  'tbcase.suspectfollowup': 'NEWCASE',
  'tbcase.tag': 'CASE_TAG',
  'tbcase.delete': 'CASEMAN',
  'tbcase.comorbidity': 'COMIRBIDITIES_EDT',
  // treatment: the regimen and prescriptions with CASE_TREAT, the daily intake with CASE_INTAKEMED_EDT
  'tbcase.starttreatment': 'CASE_TREAT',
  'tbcase.undotreatment': 'CASE_TREAT',
  'tbcase.treatmentperiod': 'CASE_TREAT',
  'tbcase.prescriptionadd': 'CASE_TREAT',
  'tbcase.prescriptionedit': 'CASE_TREAT',
  'prescription.delete': 'CASE_TREAT',
  'tbcase.treatmentfollowup': 'CASE_INTAKEMED_EDT',
  'issue.closeIssue': 'CLOSEDEL_ISSUE',
  'issue.reopenIssue': 'CLOSEDEL_ISSUE',
  // drug supply: a transfer received by the other unit, cancelled by the sender
  'stocktransfer.receive': 'TRANSF_REC',
  'stocktransfer.cancel': 'TRANSF_CANCEL',
  // an order: authorised by the authorizer unit, sent by the supplier, received by the ordering unit, cancelled before it is sent
  'stockorder.authorize': 'VAL_ORDER',
  'stockorder.send': 'SEND_ORDER',
  'stockorder.receiveOrder': 'RECEIV_ORDER',
  'stockorder.cancelOrder': 'ORDER_CANC',
  // a contact's TPT course: started, its status changed, ended, reopened, its calendar — the contact's write permission
  'tptcourse.tptstart': 'CASECONTACT_EDT',
  'tptcourse.tptstatus': 'CASECONTACT_EDT',
  'tptcourse.tptclose': 'CASECONTACT_EDT',
  'tptcourse.tptreopen': 'CASECONTACT_EDT',
  'tptcourse.tptfollowup': 'CASECONTACT_EDT',
};

/** Form-only schemas: the permission to open one, and what saving it needs besides (`_EDT` of the tables it writes). */
const notification = (open: Perm) => ({ open, save: [open, 'CASEMAN_EDT'] });
const dialog = (open: Perm) => ({ open, save: [open] });
export const FORMS: Record<string, { open: Perm; save: Perm[] }> = {
  case_close: dialog('CASE_CLOSE'),
  case_suspectfollowup: dialog('NEWCASE'),
  case_tag: dialog('CASE_TAG'),
  case_transferin: dialog('CASE_TRANSFER'),
  case_transferout: dialog('CASE_TRANSFER'),
  casedata: notification('CASEMAN'),
  // a new contact: its person and the contact (its own route needs CASECONTACT_EDT only, as the notification needs NEWCASE)
  contact_new: { open: 'CASECONTACT_EDT', save: ['CASECONTACT_EDT', 'CASEMAN_EDT'] },
  tpt_start: dialog('CASECONTACT_EDT'),
  tpt_status: dialog('CASECONTACT_EDT'),
  tpt_close: dialog('CASECONTACT_EDT'),
  newnotif_tb: notification('NEWCASE'),
  newnotif_drtb: notification('NEWCASE'),
  newnotif_ntm: notification('NEWCASE'),
  newnotif_suspect_tb: notification('NEWSUSP'),
  newnotif_suspect_drtb: notification('NEWSUSP'),
  newnotif_suspect_ntm: notification('NEWSUSP'),
  prescription_add: dialog('CASE_TREAT'),
  stock_dispense: dialog('DISP_PAC'),
  stock_writeoff: dialog('STOCK_ADJ'),
  stock_adjust: dialog('STOCK_ADJ'),
  stock_casedispense: dialog('DISP_PAC'),
  stocktransfer_receive: dialog('TRANSF_REC'),
  stockorder_send: dialog('SEND_ORDER'),
  stock_stepdate: dialog('INVENTORY'),
  stock_report_movements: dialog('REP_MOVEMENTS'),
  stock_report_leadtime: dialog('REP_ORDER_LEADTIME'),
  prescription_edit: dialog('CASE_TREAT'),
  treatperiod: dialog('CASE_TREAT'),
  treatstart_individual: dialog('CASE_TREAT'),
  treatstart_standard: dialog('CASE_TREAT'),
};

/**
 * Saved reports: reading a shared report is CASEMAN's; changing one — a new report, a
 * rewrite, a delete — needs DATA_ANALISYS and the report's place in the writer's view, and a report
 * of the workspace or of its dashboards a writer whose view is the whole workspace. The places of the
 * demo workspace a report may belong to, and where each writer may change one (written from that rule).
 */
export const REPORT_PLACES = {
  workspace: { scope: 'WORKSPACE' },
  dashboard: { scope: 'WORKSPACE', dashboard: true },
  bishkekUnit: { scope: 'UNIT', unit: 'Бишкекский городской' },
  oshUnit: { scope: 'UNIT', unit: 'Ошский областной' },
  cityArea: { scope: 'ADMINUNIT', area: 'г. Бишкек' },
  leninArea: { scope: 'ADMINUNIT', area: 'Ленинский район' },
  chuiArea: { scope: 'ADMINUNIT', area: 'Чуйская область' },
} as const;
export type ReportPlaceKey = keyof typeof REPORT_PLACES;

/** Writer → the places where they may change a report (anywhere else: 403, the report as it was). */
export const REPORT_WRITERS: Record<string, ReportPlaceKey[]> = {
  // the demo's doctor: unit view, the 'Врач' profile (it holds DATA_ANALISYS)
  DOCTOR1: ['bishkekUnit'],
  // the demo's coordinator: area view over г. Бишкек, acting for its units (Ленинский район lies in the city)
  COORD1: ['bishkekUnit', 'cityArea', 'leninArea'],
  // a workspace-view analyst of the Osh dispensary who acts for no other unit: their unit only
  'workspace-view analyst': ['oshUnit'],
  ADMIN: ['workspace', 'dashboard', 'bishkekUnit', 'oshUnit', 'cityArea', 'leninArea', 'chuiArea'],
};
