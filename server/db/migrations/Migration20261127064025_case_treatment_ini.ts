import { Migration } from '@mikro-orm/migrations';

/**
 * The case carries its treatment's start beside its planned end (`treatment_end_date`), written
 * together by cases/treatment (rows.ts refreshAlert), so the unit worklist reads the treatment period
 * from the case's row instead of looking the treatment up per case.
 */
export class Migration20261127064025_case_treatment_ini extends Migration {

  override name = 'Migration20261127064025_case_treatment_ini';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tbcase" add "treatment_ini_date" date null;`);
    // the treatments already there
    this.addSql(`update tbcase t set treatment_ini_date = tr.ini_date from treatment tr where tr.case_id = t.id;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tbcase" drop column "treatment_ini_date";`);
  }

}
