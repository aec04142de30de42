import { Migration } from '@mikro-orm/migrations';

export class Migration20261127012537_stock_movement_date extends Migration {

  override name = 'Migration20261127012537_stock_movement_date';

  override up(): void | Promise<void> {
    this.addSql(`create index "stockmovement_workspace_id_date_index" on "stockmovement" ("workspace_id", "date");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "stockmovement_workspace_id_date_index";`);
  }

}
