import { Migration } from '@mikro-orm/migrations';

/** Orders of medicines from a unit's supplier: the order, its medicines, its shipped batches, and its movements' link to it. */
export class Migration20261126221557_stock_orders extends Migration {

  override name = 'Migration20261126221557_stock_orders';

  override up(): void | Promise<void> {
    this.addSql(`create table "stockorder" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "unit_id" uuid not null, "date" date not null, "supplier_id" uuid null, "authorizer_id" uuid null, "state" text null, "authorized_date" date null, "sent_date" date null, "received_date" date null, "cancelled_date" date null, primary key ("id"));`);
    this.addSql(`create index "stockorder_workspace_id_index" on "stockorder" ("workspace_id");`);
    this.addSql(`create index "stockorder_unit_id_index" on "stockorder" ("unit_id");`);
    this.addSql(`create index "stockorder_supplier_id_index" on "stockorder" ("supplier_id");`);
    this.addSql(`create index "stockorder_authorizer_id_index" on "stockorder" ("authorizer_id");`);
    this.addSql(`create index "stockorder_workspace_id_unit_id_state_date_index" on "stockorder" ("workspace_id", "unit_id", "state", "date");`);
    this.addSql(`create index "stockorder_workspace_id_supplier_id_state_date_index" on "stockorder" ("workspace_id", "supplier_id", "state", "date");`);
    this.addSql(`create index "stockorder_list_idx" on "stockorder" ("workspace_id", "date", "id");`);
    this.addSql(`create index "stockorder_unit_list_idx" on "stockorder" ("workspace_id", "unit_id", "date", "id");`);

    this.addSql(`create table "stockorder_items" ("id" uuid not null, "parent_id" uuid not null, "idx" int not null, "product_id" uuid not null, "quantity" int not null, primary key ("id"));`);
    this.addSql(`create index "stockorder_items_parent_id_index" on "stockorder_items" ("parent_id");`);
    this.addSql(`create index "stockorder_items_product_id_index" on "stockorder_items" ("product_id");`);

    this.addSql(`create table "stockorder_shipped" ("id" uuid not null, "parent_id" uuid not null, "idx" int not null, "batch_id" uuid not null, "quantity" int not null, primary key ("id"));`);
    this.addSql(`create index "stockorder_shipped_parent_id_index" on "stockorder_shipped" ("parent_id");`);
    this.addSql(`create index "stockorder_shipped_batch_id_index" on "stockorder_shipped" ("batch_id");`);

    this.addSql(`alter table "stockmovement" add "order_id" uuid null;`);
    this.addSql(`alter table "stockmovement" add constraint "stockmovement_order_id_foreign" foreign key ("order_id") references "stockorder" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`create index "stockmovement_order_id_index" on "stockmovement" ("order_id");`);
    this.addSql(`create index "stockmovement_workspace_id_order_id_index" on "stockmovement" ("workspace_id", "order_id");`);

    this.addSql(`alter table "stockorder" add constraint "stockorder_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "stockorder" add constraint "stockorder_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "stockorder" add constraint "stockorder_supplier_id_foreign" foreign key ("supplier_id") references "unit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "stockorder" add constraint "stockorder_authorizer_id_foreign" foreign key ("authorizer_id") references "unit" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "stockorder_items" add constraint "stockorder_items_parent_id_foreign" foreign key ("parent_id") references "stockorder" ("id") on delete cascade;`);
    this.addSql(`alter table "stockorder_items" add constraint "stockorder_items_product_id_foreign" foreign key ("product_id") references "product" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "stockorder_shipped" add constraint "stockorder_shipped_parent_id_foreign" foreign key ("parent_id") references "stockorder" ("id") on delete cascade;`);
    this.addSql(`alter table "stockorder_shipped" add constraint "stockorder_shipped_batch_id_foreign" foreign key ("batch_id") references "stockbatch" ("id") on delete no action deferrable initially immediate;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "stockmovement" drop constraint "stockmovement_order_id_foreign";`);
    this.addSql(`alter table "stockmovement" drop column "order_id";`);
    this.addSql(`drop table if exists "stockorder_items" cascade;`);
    this.addSql(`drop table if exists "stockorder_shipped" cascade;`);
    this.addSql(`drop table if exists "stockorder" cascade;`);
  }

}
