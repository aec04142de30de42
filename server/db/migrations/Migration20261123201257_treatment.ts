import { Migration } from '@mikro-orm/migrations';

/** Treatment: the case's treatment, prescriptions, treatment units, monthly intake calendar; tbcase.adherence_alert_from. */
export class Migration20261123201257_treatment extends Migration {

  override name = 'Migration20261123201257_treatment';

  override up(): void | Promise<void> {
    this.addSql(`create table "treatunit" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "case_id" uuid not null, "unit_id" uuid not null, "ini_date" date not null, "end_date" date not null, primary key ("id"));`);
    this.addSql(`create index "treatunit_workspace_id_index" on "treatunit" ("workspace_id");`);
    this.addSql(`create index "treatunit_case_id_index" on "treatunit" ("case_id");`);
    this.addSql(`create index "treatunit_unit_id_index" on "treatunit" ("unit_id");`);
    this.addSql(`create index "treatunit_workspace_id_case_id_ini_date_index" on "treatunit" ("workspace_id", "case_id", "ini_date");`);
    this.addSql(`create index "treatunit_list_idx" on "treatunit" ("workspace_id", "ini_date", "id");`);
    this.addSql(`create table "treatment" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "case_id" uuid not null, "regimen_id" uuid null, "moved_to_individualized" boolean not null, "ini_date" date not null, "end_date" date not null, primary key ("id"));`);
    this.addSql(`create index "treatment_workspace_id_index" on "treatment" ("workspace_id");`);
    this.addSql(`create index "treatment_case_id_index" on "treatment" ("case_id");`);
    this.addSql(`create index "treatment_regimen_id_index" on "treatment" ("regimen_id");`);
    this.addSql(`create index "treatment_list_idx" on "treatment" ("workspace_id", "ini_date", "id");`);
    this.addSql(`alter table "treatment" add constraint "treatment_workspace_id_case_id_unique" unique ("workspace_id", "case_id");`);
    this.addSql(`create table "prescription" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "case_id" uuid not null, "product_id" uuid not null, "ini_date" date not null, "end_date" date not null, "dose_unit" int not null, "frequency" int not null, "comments" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "prescription_workspace_id_index" on "prescription" ("workspace_id");`);
    this.addSql(`create index "prescription_case_id_index" on "prescription" ("case_id");`);
    this.addSql(`create index "prescription_product_id_index" on "prescription" ("product_id");`);
    this.addSql(`create index "prescription_workspace_id_case_id_ini_date_index" on "prescription" ("workspace_id", "case_id", "ini_date");`);
    this.addSql(`create index "prescription_list_idx" on "prescription" ("workspace_id", "ini_date", "id");`);
    this.addSql(`create table "adherence" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "case_id" uuid not null, "year" int not null, "month" int not null, "days" text not null, primary key ("id"));`);
    this.addSql(`create index "adherence_workspace_id_index" on "adherence" ("workspace_id");`);
    this.addSql(`create index "adherence_case_id_index" on "adherence" ("case_id");`);
    this.addSql(`create index "adherence_list_idx" on "adherence" ("workspace_id", "year", "month", "id");`);
    this.addSql(`alter table "adherence" add constraint "adherence_workspace_id_case_id_year_month_unique" unique ("workspace_id", "case_id", "year", "month");`);
    this.addSql(`alter table "treatunit" add constraint "treatunit_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "treatunit" add constraint "treatunit_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete cascade deferrable initially immediate;`);
    this.addSql(`alter table "treatunit" add constraint "treatunit_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "treatment" add constraint "treatment_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "treatment" add constraint "treatment_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete cascade deferrable initially immediate;`);
    this.addSql(`alter table "treatment" add constraint "treatment_regimen_id_foreign" foreign key ("regimen_id") references "regimen" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "prescription" add constraint "prescription_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "prescription" add constraint "prescription_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete cascade deferrable initially immediate;`);
    this.addSql(`alter table "prescription" add constraint "prescription_product_id_foreign" foreign key ("product_id") references "product" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "adherence" add constraint "adherence_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "adherence" add constraint "adherence_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete cascade deferrable initially immediate;`);
    this.addSql(`alter table "tbcase" add "adherence_alert_from" date null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "treatunit" cascade;`);
    this.addSql(`drop table if exists "treatment" cascade;`);
    this.addSql(`drop table if exists "prescription" cascade;`);
    this.addSql(`drop table if exists "adherence" cascade;`);
    this.addSql(`alter table "tbcase" drop column "adherence_alert_from";`);
  }

}
