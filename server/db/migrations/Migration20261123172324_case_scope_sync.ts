import { Migration } from '@mikro-orm/migrations';

export class Migration20261123172324_case_scope_sync extends Migration {

  override name = 'Migration20261123172324_case_scope_sync';

  override up(): void | Promise<void> {
    // trigram indexes of searched columns (PGlite loads the extension in server/db/orm.ts)
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create table "tombstone" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "table_name" varchar(63) not null, "row_id" uuid not null, "row_version" int not null, "deleted_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "tombstone_workspace_id_index" on "tombstone" ("workspace_id");`);
    this.addSql(`alter table "tombstone" add constraint "tombstone_workspace_id_row_id_unique" unique ("workspace_id", "row_id");`);

    this.addSql(`create table "changeseq" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "seq" int not null, primary key ("id"));`);
    this.addSql(`create index "changeseq_workspace_id_index" on "changeseq" ("workspace_id");`);
    this.addSql(`alter table "changeseq" add constraint "changeseq_workspace_id_unique" unique ("workspace_id");`);

    this.addSql(`create table "changelog" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "seq" int not null, "table_name" varchar(63) not null, "row_id" uuid not null, "op" text not null, "row_version" int not null, "data" jsonb null, "user_id" uuid null, "changed_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "changelog_workspace_id_index" on "changelog" ("workspace_id");`);
    this.addSql(`create index "changelog_workspace_id_table_name_row_id_index" on "changelog" ("workspace_id", "table_name", "row_id");`);
    this.addSql(`alter table "changelog" add constraint "changelog_workspace_id_seq_unique" unique ("workspace_id", "seq");`);

    this.addSql(`create index "sysuser_list_idx" on "sysuser" ("name", "id");`);
    this.addSql(`create index "sysuser_name_trgm" on "sysuser" using gin ("name" gin_trgm_ops);`);
    this.addSql(`create index "sysuser_login_trgm" on "sysuser" using gin ("login" gin_trgm_ops);`);
    this.addSql(`create index "sysuser_email_trgm" on "sysuser" using gin ("email" gin_trgm_ops);`);

    this.addSql(`create index "workspace_list_idx" on "workspace" ("name", "id");`);
    this.addSql(`create index "workspace_name_trgm" on "workspace" using gin ("name" gin_trgm_ops);`);

    this.addSql(`create index "userprofile_list_idx" on "userprofile" ("workspace_id", "name", "id");`);
    this.addSql(`create index "userprofile_name_trgm" on "userprofile" using gin ("name" gin_trgm_ops);`);

    this.addSql(`create index "tag_list_idx" on "tag" ("workspace_id", "name", "id");`);
    this.addSql(`create index "tag_name_trgm" on "tag" using gin ("name" gin_trgm_ops);`);

    this.addSql(`create index "substance_list_idx" on "substance" ("workspace_id", "display_order", "name", "id");`);
    this.addSql(`create index "substance_name_trgm" on "substance" using gin ("name" gin_trgm_ops);`);
    this.addSql(`create index "substance_short_name_trgm" on "substance" using gin ("short_name" gin_trgm_ops);`);
    this.addSql(`create index "substance_custom_id_trgm" on "substance" using gin ("custom_id" gin_trgm_ops);`);

    this.addSql(`create index "source_list_idx" on "source" ("workspace_id", "name", "id");`);
    this.addSql(`create index "source_name_trgm" on "source" using gin ("name" gin_trgm_ops);`);
    this.addSql(`create index "source_short_name_trgm" on "source" using gin ("short_name" gin_trgm_ops);`);

    this.addSql(`create index "regimen_list_idx" on "regimen" ("workspace_id", "classification", "name", "id");`);
    this.addSql(`create index "regimen_name_trgm" on "regimen" using gin ("name" gin_trgm_ops);`);
    this.addSql(`create index "regimen_custom_id_trgm" on "regimen" using gin ("custom_id" gin_trgm_ops);`);

    this.addSql(`create index "product_list_idx" on "product" ("workspace_id", "name", "id");`);
    this.addSql(`create index "product_name_trgm" on "product" using gin ("name" gin_trgm_ops);`);
    this.addSql(`create index "product_short_name_trgm" on "product" using gin ("short_name" gin_trgm_ops);`);
    this.addSql(`create index "product_custom_id_trgm" on "product" using gin ("custom_id" gin_trgm_ops);`);

    this.addSql(`drop index "patient_workspace_id_last_name_name_index";`);
    this.addSql(`create index "patient_list_idx" on "patient" ("workspace_id", "last_name", "name", "id");`);
    this.addSql(`create index "patient_name_trgm" on "patient" using gin ("name" gin_trgm_ops);`);
    this.addSql(`create index "patient_middle_name_trgm" on "patient" using gin ("middle_name" gin_trgm_ops);`);
    this.addSql(`create index "patient_last_name_trgm" on "patient" using gin ("last_name" gin_trgm_ops);`);

    this.addSql(`create index "countrystructure_list_idx" on "countrystructure" ("workspace_id", "level", "name", "id");`);
    this.addSql(`create index "countrystructure_name_trgm" on "countrystructure" using gin ("name" gin_trgm_ops);`);

    this.addSql(`create index "agerange_list_idx" on "agerange" ("workspace_id", "ini_age", "id");`);

    this.addSql(`create index "adminunit_list_idx" on "adminunit" ("workspace_id", "name", "id");`);
    this.addSql(`create index "adminunit_name_trgm" on "adminunit" using gin ("name" gin_trgm_ops);`);
    this.addSql(`create index "adminunit_custom_id_trgm" on "adminunit" using gin ("custom_id" gin_trgm_ops);`);

    this.addSql(`create index "unit_list_idx" on "unit" ("workspace_id", "name", "id");`);
    this.addSql(`create index "unit_name_trgm" on "unit" using gin ("name" gin_trgm_ops);`);
    this.addSql(`create index "unit_custom_id_trgm" on "unit" using gin ("custom_id" gin_trgm_ops);`);

    this.addSql(`drop index "tbcase_workspace_id_registration_date_index";`);
    this.addSql(`create index "tbcase_list_idx" on "tbcase" ("workspace_id", "registration_date", "id");`);
    this.addSql(`create index "tbcase_unit_list_idx" on "tbcase" ("workspace_id", "owner_unit_id", "registration_date", "id");`);
    this.addSql(`create index "tbcase_case_number_trgm" on "tbcase" using gin ("case_number" gin_trgm_ops);`);

    this.addSql(`alter table "tombstone" add constraint "tombstone_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);

    this.addSql(`alter table "changeseq" add constraint "changeseq_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade deferrable initially immediate;`);

    this.addSql(`alter table "changelog" add constraint "changelog_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "tombstone" cascade;`);
    this.addSql(`drop table if exists "changeseq" cascade;`);
    this.addSql(`drop table if exists "changelog" cascade;`);

    this.addSql(`drop index "adminunit_list_idx";`);
    this.addSql(`drop index "adminunit_name_trgm";`);
    this.addSql(`drop index "adminunit_custom_id_trgm";`);

    this.addSql(`drop index "agerange_list_idx";`);

    this.addSql(`drop index "countrystructure_list_idx";`);
    this.addSql(`drop index "countrystructure_name_trgm";`);

    this.addSql(`drop index "patient_list_idx";`);
    this.addSql(`drop index "patient_name_trgm";`);
    this.addSql(`drop index "patient_middle_name_trgm";`);
    this.addSql(`drop index "patient_last_name_trgm";`);
    this.addSql(`create index "patient_workspace_id_last_name_name_index" on "patient" ("workspace_id", "last_name", "name");`);

    this.addSql(`drop index "product_list_idx";`);
    this.addSql(`drop index "product_name_trgm";`);
    this.addSql(`drop index "product_short_name_trgm";`);
    this.addSql(`drop index "product_custom_id_trgm";`);

    this.addSql(`drop index "regimen_list_idx";`);
    this.addSql(`drop index "regimen_name_trgm";`);
    this.addSql(`drop index "regimen_custom_id_trgm";`);

    this.addSql(`drop index "source_list_idx";`);
    this.addSql(`drop index "source_name_trgm";`);
    this.addSql(`drop index "source_short_name_trgm";`);

    this.addSql(`drop index "substance_list_idx";`);
    this.addSql(`drop index "substance_name_trgm";`);
    this.addSql(`drop index "substance_short_name_trgm";`);
    this.addSql(`drop index "substance_custom_id_trgm";`);

    this.addSql(`drop index "sysuser_list_idx";`);
    this.addSql(`drop index "sysuser_name_trgm";`);
    this.addSql(`drop index "sysuser_login_trgm";`);
    this.addSql(`drop index "sysuser_email_trgm";`);

    this.addSql(`drop index "tag_list_idx";`);
    this.addSql(`drop index "tag_name_trgm";`);

    this.addSql(`drop index "tbcase_list_idx";`);
    this.addSql(`drop index "tbcase_unit_list_idx";`);
    this.addSql(`drop index "tbcase_case_number_trgm";`);
    this.addSql(`create index "tbcase_workspace_id_registration_date_index" on "tbcase" ("workspace_id", "registration_date");`);

    this.addSql(`drop index "unit_list_idx";`);
    this.addSql(`drop index "unit_name_trgm";`);
    this.addSql(`drop index "unit_custom_id_trgm";`);

    this.addSql(`drop index "userprofile_list_idx";`);
    this.addSql(`drop index "userprofile_name_trgm";`);

    this.addSql(`drop index "workspace_list_idx";`);
    this.addSql(`drop index "workspace_name_trgm";`);
  }

}
