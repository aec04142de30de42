import { Migration } from '@mikro-orm/migrations';

export class Migration20261126130952_open_case_tabs extends Migration {

  override name = 'Migration20261126130952_open_case_tabs';

  override up(): void | Promise<void> {
    this.addSql(`create index "tbcase_except_state_0aa9cce2" on "tbcase" ("workspace_id", "owner_unit_id", "diagnosis_type", "classification", "registration_date", "id") where "state" <> 'CLOSED';`);
    this.addSql(`create index "tbcase_except_state_41d4ac84" on "tbcase" ("workspace_id", "owner_unit_id", "diagnosis_type", "registration_date", "id") where "state" <> 'CLOSED';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "tbcase_except_state_0aa9cce2";`);
    this.addSql(`drop index "tbcase_except_state_41d4ac84";`);
  }

}
