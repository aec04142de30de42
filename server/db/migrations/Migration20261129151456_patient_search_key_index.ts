import { Migration } from '@mikro-orm/migrations';

export class Migration20261129151456_patient_search_key_index extends Migration {

  override name = 'Migration20261129151456_patient_search_key_index';

  override up(): void | Promise<void> {
    this.addSql(`create index "patient_workspace_id_search_key_index" on "patient" ("workspace_id", "search_key");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "patient_workspace_id_search_key_index";`);
  }

}
