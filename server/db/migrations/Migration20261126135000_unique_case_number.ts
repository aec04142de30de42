import { Migration } from '@mikro-orm/migrations';

/**
 * Case numbers are unique within a workspace. Numbers already given twice keep their first case
 * (the oldest); each later one gets a suffix `-2`, `-3`… so the unique constraint can be added.
 */
export class Migration20261126135000_unique_case_number extends Migration {

  override name = 'Migration20261126135000_unique_case_number';

  override up(): void | Promise<void> {
    this.addSql(`update tbcase t set case_number = left(t.case_number, 44) || '-' || d.rn
      from (select id, row_number() over (partition by workspace_id, case_number order by created_at, id) as rn from tbcase where case_number is not null) d
     where d.id = t.id and d.rn > 1;`);
    this.addSql(`alter table "tbcase" add constraint "tbcase_workspace_id_case_number_unique" unique ("workspace_id", "case_number");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tbcase" drop constraint "tbcase_workspace_id_case_number_unique";`);
  }

}
