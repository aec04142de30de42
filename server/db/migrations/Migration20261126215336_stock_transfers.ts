import { Migration } from '@mikro-orm/migrations';

/** Transfers of batches between units: the transfer, its batches, and its movements' link to it. */
export class Migration20261126215336_stock_transfers extends Migration {

  override name = 'Migration20261126215336_stock_transfers';

  override up(): void | Promise<void> {
    this.addSql(`create table "stocktransfer" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "unit_from_id" uuid not null, "unit_to_id" uuid not null, "date" date not null, "state" text null, "received_date" date null, "cancelled_date" date null, primary key ("id"));`);
    this.addSql(`create index "stocktransfer_workspace_id_index" on "stocktransfer" ("workspace_id");`);
    this.addSql(`create index "stocktransfer_unit_from_id_index" on "stocktransfer" ("unit_from_id");`);
    this.addSql(`create index "stocktransfer_unit_to_id_index" on "stocktransfer" ("unit_to_id");`);
    this.addSql(`create index "stocktransfer_workspace_id_unit_from_id_date_index" on "stocktransfer" ("workspace_id", "unit_from_id", "date");`);
    this.addSql(`create index "stocktransfer_workspace_id_unit_to_id_state_date_index" on "stocktransfer" ("workspace_id", "unit_to_id", "state", "date");`);
    this.addSql(`create index "stocktransfer_list_idx" on "stocktransfer" ("workspace_id", "date", "id");`);
    this.addSql(`create index "stocktransfer_unit_list_idx" on "stocktransfer" ("workspace_id", "unit_from_id", "date", "id");`);

    this.addSql(`create table "stocktransfer_items" ("id" uuid not null, "parent_id" uuid not null, "idx" int not null, "batch_id" uuid not null, "quantity" int not null, primary key ("id"));`);
    this.addSql(`create index "stocktransfer_items_parent_id_index" on "stocktransfer_items" ("parent_id");`);
    this.addSql(`create index "stocktransfer_items_batch_id_index" on "stocktransfer_items" ("batch_id");`);

    this.addSql(`alter table "stockmovement" add "transfer_id" uuid null;`);
    this.addSql(`alter table "stockmovement" add constraint "stockmovement_transfer_id_foreign" foreign key ("transfer_id") references "stocktransfer" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`create index "stockmovement_transfer_id_index" on "stockmovement" ("transfer_id");`);
    this.addSql(`create index "stockmovement_workspace_id_transfer_id_index" on "stockmovement" ("workspace_id", "transfer_id");`);

    this.addSql(`alter table "stocktransfer" add constraint "stocktransfer_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "stocktransfer" add constraint "stocktransfer_unit_from_id_foreign" foreign key ("unit_from_id") references "unit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "stocktransfer" add constraint "stocktransfer_unit_to_id_foreign" foreign key ("unit_to_id") references "unit" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "stocktransfer_items" add constraint "stocktransfer_items_parent_id_foreign" foreign key ("parent_id") references "stocktransfer" ("id") on delete cascade;`);
    this.addSql(`alter table "stocktransfer_items" add constraint "stocktransfer_items_batch_id_foreign" foreign key ("batch_id") references "stockbatch" ("id") on delete no action deferrable initially immediate;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "stockmovement" drop constraint "stockmovement_transfer_id_foreign";`);
    this.addSql(`alter table "stockmovement" drop column "transfer_id";`);
    this.addSql(`drop table if exists "stocktransfer_items" cascade;`);
    this.addSql(`drop table if exists "stocktransfer" cascade;`);
  }

}
