import { Migration } from '@mikro-orm/migrations';

/**
 * The stock ledger: the movements (append-only) and each batch's stock on hand at a unit,
 * kept beside them in the movement's transaction (stock/ledger.ts).
 */
export class Migration20261126213354_stock_ledger extends Migration {

  override name = 'Migration20261126213354_stock_ledger';

  override up(): void | Promise<void> {
    this.addSql(`create table "stockbatch" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "unit_id" uuid not null, "product_id" uuid not null, "source_id" uuid not null, "batch_number" varchar(40) not null, "manufacturer" varchar(100) not null, "expiry_date" date not null, "quantity" int not null, primary key ("id"));`);
    this.addSql(`create index "stockbatch_workspace_id_index" on "stockbatch" ("workspace_id");`);
    this.addSql(`create index "stockbatch_unit_id_index" on "stockbatch" ("unit_id");`);
    this.addSql(`create index "stockbatch_product_id_index" on "stockbatch" ("product_id");`);
    this.addSql(`create index "stockbatch_source_id_index" on "stockbatch" ("source_id");`);
    this.addSql(`create index "stockbatch_workspace_id_unit_id_product_id_expiry_date_index" on "stockbatch" ("workspace_id", "unit_id", "product_id", "expiry_date");`);
    this.addSql(`create index "stockbatch_workspace_id_expiry_date_index" on "stockbatch" ("workspace_id", "expiry_date");`);
    this.addSql(`create index "stockbatch_list_idx" on "stockbatch" ("workspace_id", "expiry_date", "id");`);
    this.addSql(`create index "stockbatch_unit_list_idx" on "stockbatch" ("workspace_id", "unit_id", "expiry_date", "id");`);
    this.addSql(`alter table "stockbatch" add constraint "stockbatch_workspace_id_unit_id_product_id_source_c7838_unique" unique ("workspace_id", "unit_id", "product_id", "source_id", "batch_number", "manufacturer", "expiry_date");`);

    this.addSql(`create table "stockmovement" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "unit_id" uuid not null, "type" text not null, "reason" text null, "note" varchar(500) null, "date" date not null, "product_id" uuid not null, "source_id" uuid not null, "batch_number" varchar(40) not null, "manufacturer" varchar(100) not null, "expiry_date" date not null, "quantity" int not null, "case_id" uuid null, "batch_id" uuid null, "balance" int null, primary key ("id"));`);
    this.addSql(`create index "stockmovement_workspace_id_index" on "stockmovement" ("workspace_id");`);
    this.addSql(`create index "stockmovement_unit_id_index" on "stockmovement" ("unit_id");`);
    this.addSql(`create index "stockmovement_product_id_index" on "stockmovement" ("product_id");`);
    this.addSql(`create index "stockmovement_source_id_index" on "stockmovement" ("source_id");`);
    this.addSql(`create index "stockmovement_case_id_index" on "stockmovement" ("case_id");`);
    this.addSql(`create index "stockmovement_batch_id_index" on "stockmovement" ("batch_id");`);
    this.addSql(`create index "stockmovement_workspace_id_unit_id_product_id_date_index" on "stockmovement" ("workspace_id", "unit_id", "product_id", "date");`);
    this.addSql(`create index "stockmovement_workspace_id_unit_id_type_date_index" on "stockmovement" ("workspace_id", "unit_id", "type", "date");`);
    this.addSql(`create index "stockmovement_workspace_id_batch_id_date_index" on "stockmovement" ("workspace_id", "batch_id", "date");`);
    this.addSql(`create index "stockmovement_workspace_id_case_id_date_index" on "stockmovement" ("workspace_id", "case_id", "date");`);
    this.addSql(`create index "stockmovement_list_idx" on "stockmovement" ("workspace_id", "date", "id");`);
    this.addSql(`create index "stockmovement_unit_list_idx" on "stockmovement" ("workspace_id", "unit_id", "date", "id");`);

    this.addSql(`alter table "stockbatch" add constraint "stockbatch_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "stockbatch" add constraint "stockbatch_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "stockbatch" add constraint "stockbatch_product_id_foreign" foreign key ("product_id") references "product" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "stockbatch" add constraint "stockbatch_source_id_foreign" foreign key ("source_id") references "source" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "stockmovement" add constraint "stockmovement_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "stockmovement" add constraint "stockmovement_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "stockmovement" add constraint "stockmovement_product_id_foreign" foreign key ("product_id") references "product" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "stockmovement" add constraint "stockmovement_source_id_foreign" foreign key ("source_id") references "source" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "stockmovement" add constraint "stockmovement_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "stockmovement" add constraint "stockmovement_batch_id_foreign" foreign key ("batch_id") references "stockbatch" ("id") on delete no action deferrable initially immediate;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "stockmovement" cascade;`);
    this.addSql(`drop table if exists "stockbatch" cascade;`);
  }

}
