import { Migration } from '@mikro-orm/migrations';

export class Migration20261126133425_unit_worklist_index extends Migration {

  override name = 'Migration20261126133425_unit_worklist_index';

  override up(): void | Promise<void> {
    this.addSql(`create index "tbcase_workspace_id_owner_unit_id_state_index" on "tbcase" ("workspace_id", "owner_unit_id", "state");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "tbcase_workspace_id_owner_unit_id_state_index";`);
  }

}
