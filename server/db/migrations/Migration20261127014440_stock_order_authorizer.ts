import { Migration } from '@mikro-orm/migrations';

export class Migration20261127014440_stock_order_authorizer extends Migration {

  override name = 'Migration20261127014440_stock_order_authorizer';

  override up(): void | Promise<void> {
    this.addSql(`create index "stockorder_workspace_id_authorizer_id_state_date_index" on "stockorder" ("workspace_id", "authorizer_id", "state", "date");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "stockorder_workspace_id_authorizer_id_state_date_index";`);
  }

}
