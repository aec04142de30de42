import { Migration } from '@mikro-orm/migrations';

/**
 * A change row's key is raised to the latest key of the same row's earlier changes
 * (server/sync/changes.ts): with `tx_key` in the row's index that is one index probe, however many
 * times the row changed, instead of reading every earlier change of the row.
 */
export class Migration20261126184419_changelog_row_key extends Migration {

  override name = 'Migration20261126184419_changelog_row_key';

  override up(): void | Promise<void> {
    this.addSql(`drop index "changelog_workspace_id_table_name_row_id_index";`);
    this.addSql(`create index "changelog_workspace_id_table_name_row_id_tx_key_index" on "changelog" ("workspace_id", "table_name", "row_id", "tx_key");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "changelog_workspace_id_table_name_row_id_tx_key_index";`);
    this.addSql(`create index "changelog_workspace_id_table_name_row_id_index" on "changelog" ("workspace_id", "table_name", "row_id");`);
  }

}
