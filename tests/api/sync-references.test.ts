// How an offline client comes to hold what a row it receives names, decided once for every
// reference of every synchronised table (server/sync/references.ts, docs/sync.md "What a row names").
// The table below is written by hand from that rule; a reference the registry gains that no rule
// covers, or that this table does not list, fails here — decide it there, then list it here.
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { schemasDir } from '../../server/config.ts';
import { isSynchronised } from '../../server/feed/types.ts';
import { referenceRule, referencesOf, SLICE_TABLES } from '../../server/sync/references.ts';

/** Each reference of a synchronised table and how its target reaches the client. */
const EXPECTED: Record<string, string> = {
  // a sub-record's case, an answer's issue, a case's patient: in every view the naming row is in
  'adherence.caseId': 'placed', 'casecomment.caseId': 'placed', 'casetag.caseId': 'placed',
  'examcul.caseId': 'placed', 'examdst.caseId': 'placed', 'examhiv.caseId': 'placed', 'exammic.caseId': 'placed',
  'examxpert.caseId': 'placed', 'examxray.caseId': 'placed', 'issue.caseId': 'placed', 'issuefollowup.issueId': 'placed',
  'medexam.caseId': 'placed', 'prescription.caseId': 'placed', 'prevtreat.caseId': 'placed', 'sideeffect.caseId': 'placed',
  'treatment.caseId': 'placed', 'treatunit.caseId': 'placed', 'tbcase.patientId': 'placed',
  // places, profiles and tags: the whole workspace's, with the slice
  'adminunit.parentId': 'slice', 'adminunit.countryStructure': 'slice', 'adminunit.p0': 'slice', 'adminunit.p1': 'slice',
  'adminunit.p2': 'slice', 'adminunit.p3': 'slice', 'adminunit.p4': 'slice', 'casetag.tagId': 'slice',
  'examcul.laboratoryId': 'slice', 'examdst.laboratoryId': 'slice', 'exammic.laboratoryId': 'slice', 'examxpert.laboratoryId': 'slice',
  'issue.unitId': 'slice', 'issuefollowup.unitId': 'slice', 'patient.address.adminUnitId': 'slice', 'stockbatch.unitId': 'slice',
  'stockmovement.unitId': 'slice', 'stockorder.unitId': 'slice', 'stockorder.supplierId': 'slice', 'stockorder.authorizerId': 'slice',
  'stocktransfer.unitFromId': 'slice', 'stocktransfer.unitToId': 'slice', 'tbcase.ownerUnitId': 'slice', 'tbcase.notificationUnitId': 'slice',
  'tbcase.transferFromUnitId': 'slice', 'treatunit.unitId': 'slice', 'unit.address.adminUnitId': 'slice', 'unit.supplierId': 'slice',
  'unit.authorizerId': 'slice', 'userws.unitId': 'slice', 'userws.profiles.value': 'slice',
  // medicines, substances, regimens, sources: catalogues fed whole to their readers
  'prescription.productId': 'catalogue', 'product.substances.value': 'catalogue', 'regimen.medicines.medicineId': 'catalogue',
  'sideeffect.substanceId': 'catalogue', 'sideeffect.substance2Id': 'catalogue', 'stockbatch.productId': 'catalogue',
  'stockbatch.sourceId': 'catalogue', 'stockmovement.productId': 'catalogue', 'stockmovement.sourceId': 'catalogue',
  'stockorder.items.productId': 'catalogue', 'treatment.regimenId': 'catalogue',
  // people: the author of a comment, an issue, an answer; a member's account — a name only
  'casecomment.userId': 'name-only', 'issue.userId': 'name-only', 'issuefollowup.userId': 'name-only',
  'userws.userId': 'name-only', 'userws.inviteUserId': 'name-only',
  // another unit's batch a transfer or an order carries; the transfer or order a movement belongs to
  'stockmovement.batchId': 'named', 'stockmovement.transferId': 'named', 'stockmovement.orderId': 'named',
  'stockorder.shipped.batchId': 'named', 'stocktransfer.items.batchId': 'named',
  // a stock count of the unit: its lines' batches are the unit's, their adjustments made by the count
  'population.adminUnitId': 'slice', 'stockcount.unitId': 'slice', 'stockcount.items.batchId': 'placed', 'stockcount.items.movementId': 'placed',
  // a dispensing of the unit naming a case transferred away: not the unit's to see
  'stockmovement.caseId': 'cleared', 'contact.resultCaseId': 'cleared',
  // a contact followed by the unit, whose index case is another unit's: the id kept, not checked on the client
  'contact.caseId': 'id-only',
  // contacts, their TPT courses and intake: the person, the course's contact and the intake's course are placed with them
  'contact.patientId': 'placed', 'tptcourse.contactId': 'placed', 'tptadherence.tptcourseId': 'placed',
  'contact.unitId': 'slice', 'tptcourse.unitId': 'slice', 'tptcourse.regimenId': 'catalogue',
};

describe('every reference of every synchronised table has its rule', () => {
  const registry = loadSchemas(schemasDir);
  const references = [...registry.tables.values()].filter(isSynchronised).flatMap(referencesOf);

  it('each is covered by a rule, the one written here', () => {
    const actual = Object.fromEntries(references.map((r) => [r.name, referenceRule(registry, r) ?? 'NOT COVERED']));
    expect(Object.keys(actual).filter((k) => !(k in EXPECTED)), 'references this test does not list').toEqual([]);
    expect(Object.keys(EXPECTED).filter((k) => !(k in actual)), 'references listed here the registry does not have').toEqual([]);
    expect(actual).toEqual(EXPECTED);
  });

  it('a slice reference names a table the slice carries whole', () => {
    for (const r of references.filter((x) => referenceRule(registry, x) === 'slice')) expect(SLICE_TABLES, r.name).toContain(r.field.ref);
  });
});
