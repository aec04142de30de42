import { Migration } from '@mikro-orm/migrations';

/**
 * The unit worklist (cases/places/worklist.ts) asks about a treatment period — past its planned end
 * (no outcome), around today (missed doses, exams due) — of the unit's cases on treatment. The case
 * carries its treatment's planned end (`treatment_end_date`, hidden, derived: written with the
 * adherence alert by the treatment calls through the writer's system door, cases/treatment/rows.ts
 * `refreshAlert`) and the unit index gains it, so each list reads by index only the cases whose
 * period it asks about. It replaces the index (workspace, unit, state), a prefix of it.
 */
export class Migration20261126153748_case_treatment_end extends Migration {

  override name = 'Migration20261126153748_case_treatment_end';

  override up(): void | Promise<void> {
    this.addSql(`drop index "tbcase_workspace_id_owner_unit_id_state_index";`);
    this.addSql(`alter table "tbcase" add "treatment_end_date" date null;`);
    this.addSql(`create index "tbcase_workspace_id_owner_unit_id_state_treatment__40b9f_index" on "tbcase" ("workspace_id", "owner_unit_id", "state", "treatment_end_date");`);

    // the treatments already there
    this.addSql(`update tbcase t set treatment_end_date = tr.end_date from treatment tr where tr.case_id = t.id;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "tbcase_workspace_id_owner_unit_id_state_treatment__40b9f_index";`);
    this.addSql(`alter table "tbcase" drop column "treatment_end_date";`);
    this.addSql(`create index "tbcase_workspace_id_owner_unit_id_state_index" on "tbcase" ("workspace_id", "owner_unit_id", "state");`);
  }

}
