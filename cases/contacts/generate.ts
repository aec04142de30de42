/**
 * Generated contacts and TPT courses for scale work (`npm run bench:reports`): about three
 * contacts (two to four) per confirmed pulmonary case of the workspace, each a new person (a patient,
 * named as the generated ones), registered in the days after the index case and followed by its unit;
 * most evaluated (TB excluded, now and then presumptive), some waiting or not evaluated with a reason;
 * those with TB excluded mostly eligible, most of them on a TPT course (6Lfx for contacts of RR/MDR-TB,
 * 3HP for the others) started a week after the evaluation — completed, lost or still running by its
 * dates. Set-based SQL in chunks of index cases (by the first hex digit of their id); ids stable for
 * (case, k), so a second run adds nothing. A contact's course is skipped by the unique (workspace,
 * contact) index (`on conflict do nothing`), not by a `not exists` on the table being filled: planned
 * over a still empty tptcourse, that was a nested loop reading every row the statement had already
 * inserted for each new one (a chunk of 70 000 courses ran for minutes). Rows bypass the writer (no
 * history or change log), like the cases the benchmark generates.
 *
 * @example await generateContacts(kysely(em), workspaceId, { onProgress: (done) => console.log(done) }) // 1 988 000
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import { FEMALE, MALE, SURNAMES } from '../generate.ts';

const arr = (xs: string[]) => sql`array[${sql.join(xs.map((x) => sql.lit(x)))}]::text[]`;
/** 0 ≤ n < len, pseudo-random for the contact (case id, k) and a salt. */
const rnd = (salt: number, len: number) => sql`((hashtext(c.id::text || k::text || ${String(salt)}) & 2147483647) % ${len})`;
const pick = (values: string[], salt: number) => sql`(${arr(values)})[(1 + ${rnd(salt, values.length)})::int]`;

/** Adds the contacts of the workspace's confirmed pulmonary cases that have none yet; answers how many it made. */
export async function generateContacts(db: Kysely<Database>, workspaceId: string, opts: { onProgress?: (made: number) => void } = {}): Promise<number> {
  const regimens = await db.selectFrom('tptregimen').select(['id', 'code']).where('workspace_id', '=', workspaceId).where('code', 'in', ['3HP', '6Lfx']).execute();
  const r3HP = regimens.find((r) => r.code === '3HP')?.id;
  const r6Lfx = regimens.find((r) => r.code === '6Lfx')?.id;
  if (!r3HP || !r6Lfx) throw new Error('the workspace has no TPT regimens 3HP and 6Lfx (the demo catalogue)');
  let made = 0;
  for (const hex of '0123456789abcdef') {
    // the index cases of the chunk with no contact yet, each with its 2–4 contacts
    const index = sql`select c.id, c.owner_unit_id, c.registration_date, c.classification, c.drug_resistance_type, k
      from tbcase c cross join generate_series(1, 4) k
     where c.workspace_id = ${workspaceId} and c.diagnosis_type = 'CONFIRMED' and c.infection_site = 'PULMONARY' and c.registration_date is not null
       and c.classification in ('TB', 'DRTB') and left(c.id::text, 1) = ${hex}
       and not exists (select 1 from contact x where x.case_id = c.id)
       and k <= 2 + ((hashtext(c.id::text) & 2147483647) % 3)`;
    const person = sql`md5(c.id::text || 'person' || k)::uuid`;
    const contact = sql`md5(c.id::text || 'contact' || k)::uuid`;
    await sql`
      insert into patient (id, workspace_id, name, last_name, gender, birth_date)
      select ${person}, ${workspaceId},
             case when k % 2 = 0 then ${pick(MALE, 1)} else ${pick(FEMALE, 1)} end,
             case when k % 2 = 0 then ${pick(SURNAMES.map((s) => s[0]), 2)} else ${pick(SURNAMES.map((s) => s[1]), 2)} end,
             case when k % 2 = 0 then 'MALE' else 'FEMALE' end,
             c.registration_date - (365 * (case when ${rnd(3, 6)} = 0 then 1 + ${rnd(4, 4)} else 5 + ${rnd(5, 70)} end) + ${rnd(6, 300)})::int
        from (${index}) c`.execute(db);
    const inserted = await sql`
      insert into contact (id, workspace_id, case_id, patient_id, registration_date, unit_id, contact_type, relation, index_resistance, age,
                           examinated, date_of_examination, symptoms, chest_xray, infection_test, infection_test_date, infection_test_result,
                           evaluation_outcome, not_evaluated_reason)
      select ${contact}, ${workspaceId}, c.id, ${person}, g.reg, c.owner_unit_id,
             case when k <= 2 then 'household' else ${pick(['household', 'close', 'institutional'], 7)} end,
             ${pick(['SPOUSE', 'CHILD', 'PARENT', 'SIBLING', 'OTHER_RELATIVE', 'NOT_RELATIVE'], 8)},
             case when c.classification = 'TB' then 'DS' when c.drug_resistance_type in ('RR', 'MDR', 'PRE_XDR', 'XDR') then c.drug_resistance_type else 'UNKNOWN' end,
             date_part('year', age(g.reg, p.birth_date))::int,
             g.examined, case when g.examined then g.reg + 3 end,
             case when g.examined then case when g.presumptive then 'PRESENT' else 'ABSENT' end end,
             case when g.examined then case when g.presumptive then 'SUGGESTIVE' else 'NOT_DONE' end end,
             case when g.examined then 'IGRA' end, case when g.examined then g.reg + 3 end,
             case when g.examined then case when ${rnd(9, 3)} = 0 then 'POSITIVE' else 'NEGATIVE' end end,
             case when g.examined then case when g.presumptive then 'PRESUMPTIVE_TB' else 'TB_EXCLUDED' end end,
             case when not g.examined and ${rnd(10, 2)} = 0 then 'REFUSED' end
        from (${index}) c
        join patient p on p.id = ${person}
        cross join lateral (select least(c.registration_date + k, current_date - 3) as reg, ${rnd(11, 20)} <> 0 as examined, ${rnd(12, 20)} = 0 as presumptive) g`.execute(db);
    await sql`
      insert into tptcourse (id, workspace_id, contact_id, unit_id, eligible, eligibility_date, not_eligible_reason, regimen_id, weight_kg, dose,
                             start_date, expected_end_date, status, status_date, outcome, outcome_date)
      select md5(k.id::text || 'tpt')::uuid, ${workspaceId}, k.id, k.unit_id, s.eligible, k.date_of_examination,
             case when not s.eligible then 'CONTRAINDICATED' end,
             case when s.eligible then s.regimen end, case when s.eligible then 60 end,
             case when s.started then case when s.regimen = ${r6Lfx} then 'Lfx 1000 мг' else 'H 900 мг + P 900 мг' end end,
             s.start, s.start + s.days - 1,
             case when not s.started then 'NOT_STARTED' when s.start + s.days + 30 < current_date then 'COMPLETED' else 'ON_TPT' end,
             case when not s.started then null when s.start + s.days + 30 < current_date then s.start + s.days else s.start end,
             case when s.started and s.start + s.days + 30 < current_date then case when s.r % 10 < 7 then 'COMPLETED' when s.r % 10 < 9 then 'LOST' else 'DISCONTINUED_TOXICITY' end end,
             case when s.started and s.start + s.days + 30 < current_date then s.start + s.days end
        from contact k
        cross join lateral (select (hashtext(k.id::text) & 2147483647) as r) h
        cross join lateral (select h.r % 5 <> 0 as eligible, h.r % 5 <> 0 and h.r % 4 <> 0 as started, h.r as r,
                                   case when k.index_resistance in ('RR', 'MDR') then ${r6Lfx}::uuid else ${r3HP}::uuid end as regimen,
                                   case when k.index_resistance in ('RR', 'MDR') then 182 else 84 end as days,
                                   case when h.r % 5 <> 0 and h.r % 4 <> 0 then k.date_of_examination + 7 end as start) s
       where k.workspace_id = ${workspaceId} and left(k.case_id::text, 1) = ${hex} and k.evaluation_outcome = 'TB_EXCLUDED'
         and (s.start is null or s.start < current_date)
      on conflict do nothing`.execute(db);
    made += Number(inserted.numAffectedRows ?? 0);
    opts.onProgress?.(made);
  }
  return made;
}
