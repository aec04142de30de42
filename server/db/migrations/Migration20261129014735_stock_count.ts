import { Migration } from '@mikro-orm/migrations';

export class Migration20261129014735_stock_count extends Migration {

  override name = 'Migration20261129014735_stock_count';

  override up(): void | Promise<void> {
    this.addSql(`create table "stockcount" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "unit_id" uuid not null, "date" date not null, "note" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "stockcount_workspace_id_index" on "stockcount" ("workspace_id");`);
    this.addSql(`create index "stockcount_unit_id_index" on "stockcount" ("unit_id");`);
    this.addSql(`create index "stockcount_workspace_id_unit_id_date_index" on "stockcount" ("workspace_id", "unit_id", "date");`);
    this.addSql(`create index "stockcount_list_idx" on "stockcount" ("workspace_id", "date", "id");`);
    this.addSql(`create index "stockcount_unit_list_idx" on "stockcount" ("workspace_id", "unit_id", "date", "id");`);

    this.addSql(`create table "stockcount_items" ("id" uuid not null, "parent_id" uuid not null, "idx" int not null, "batch_id" uuid not null, "counted" int not null, "on_hand" int null, "difference" int null, "movement_id" uuid null, primary key ("id"));`);
    this.addSql(`create index "stockcount_items_parent_id_index" on "stockcount_items" ("parent_id");`);
    this.addSql(`create index "stockcount_items_batch_id_index" on "stockcount_items" ("batch_id");`);
    this.addSql(`create index "stockcount_items_movement_id_index" on "stockcount_items" ("movement_id");`);

    this.addSql(`alter table "stockcount" add constraint "stockcount_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "stockcount" add constraint "stockcount_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "stockcount_items" add constraint "stockcount_items_parent_id_foreign" foreign key ("parent_id") references "stockcount" ("id") on delete cascade;`);
    this.addSql(`alter table "stockcount_items" add constraint "stockcount_items_batch_id_foreign" foreign key ("batch_id") references "stockbatch" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "stockcount_items" add constraint "stockcount_items_movement_id_foreign" foreign key ("movement_id") references "stockmovement" ("id") on delete no action deferrable initially immediate;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "stockcount_items" drop constraint "stockcount_items_parent_id_foreign";`);
    this.addSql(`drop table if exists "stockcount" cascade;`);
    this.addSql(`drop table if exists "stockcount_items" cascade;`);
  }

}
