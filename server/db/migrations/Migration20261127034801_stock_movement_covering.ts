import { Migration } from '@mikro-orm/migrations';

export class Migration20261127034801_stock_movement_covering extends Migration {

  override name = 'Migration20261127034801_stock_movement_covering';

  override up(): void | Promise<void> {
    this.addSql(`drop index "stockmovement_workspace_id_date_index";`);
    this.addSql(`create index "stockmovement_workspace_id_date_type_unit_id_produ_bc16f_index" on "stockmovement" ("workspace_id", "date", "type", "unit_id", "product_id", "source_id", "quantity");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "stockmovement_workspace_id_date_type_unit_id_produ_bc16f_index";`);
    this.addSql(`create index "stockmovement_workspace_id_date_index" on "stockmovement" ("workspace_id", "date");`);
  }

}
