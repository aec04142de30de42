/**
 * What a chunk of case rows asks before writing, asked once for the chunk instead of once a row: the
 * ledger's entries of the rows' digests (`ledger.ts`) and the duplicate-patient search of each row's
 * patient (`duplicates.ts`). Each row still gets the answer a look-up of its own, just before its
 * write, would give: what the chunk's earlier rows wrote is taken in — a digest made by an earlier row
 * is found; a row whose patient could match one an earlier row registered (the same birth date, or
 * the same name key) is looked up again, on its own.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import type { Doc } from '../../server/types.ts';
import { patientMatch, patientMatches, type EarlierRows, type KeyedMatch } from './duplicates.ts';
import { madeRows, type LedgerEntry } from './ledger.ts';

/** A chunk's rows' look-ups, read once; `wrote` tells it what a row that stood wrote. */
export class ChunkLookups {
  private readonly births = new Set<string>();
  private readonly keys = new Set<string>();

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly workspaceId: string,
    private readonly made: Map<string, LedgerEntry>,
    private readonly matches: KeyedMatch[],
    private readonly earlier: EarlierRows | undefined,
  ) {}

  /**
   * Reads the ledger entries of `digests` and the patient matches of `patients` (the chunk's rows, in order);
   * `earlier`: a dry run's job, whose earlier rows' digests and new patients are found too (ledger.ts `madeRows`,
   * duplicates.ts `patientMatches`).
   * @example const look = await ChunkLookups.read(db, ws, plans.map((p) => rowDigest('case', p)), plans.map((p) => p.patient))
   */
  static async read(db: Kysely<Database>, workspaceId: string, digests: string[], patients: Doc[], earlier?: EarlierRows): Promise<ChunkLookups> {
    const [made, matches] = await Promise.all([madeRows(db, workspaceId, digests, earlier), patientMatches(db, workspaceId, patients, earlier)]);
    return new ChunkLookups(db, workspaceId, made, matches, earlier);
  }

  /** The ledger's entry of a digest: read before the chunk, or made by an earlier row of it. @example look.madeRow(digest)?.rowNumber */
  madeRow(digest: string): LedgerEntry | undefined {
    return this.made.get(digest);
  }

  /**
   * The match of the chunk's `i`-th patient, looked up again when an earlier row of the chunk registered
   * a patient it could match.
   * @example const match = await look.patient(i, plan.patient)
   */
  async patient(i: number, p: Doc): Promise<KeyedMatch> {
    const m = this.matches[i];
    const birth = typeof p.birthDate === 'string' ? p.birthDate : null;
    const touched = (birth !== null && this.births.has(birth)) || (m.key !== null && this.keys.has(m.key));
    return touched ? patientMatch(this.db, this.workspaceId, p, this.earlier) : m;
  }

  /**
   * Takes in what a row that stood wrote: its ledger entry and, when it registered a new patient, that
   * patient's birth date and name key.
   * @example look.wrote(digest, entry, { birthDate: '1980-05-01', key: match.key })
   */
  wrote(digest: string, entry: LedgerEntry, newPatient?: { birthDate: unknown; key: string | null }): void {
    this.made.set(digest, entry);
    if (!newPatient) return;
    if (typeof newPatient.birthDate === 'string') this.births.add(newPatient.birthDate);
    if (newPatient.key !== null) this.keys.add(newPatient.key);
  }
}
