import { Migration } from '@mikro-orm/migrations';

export class Migration20261123180801_followup_exams extends Migration {

  override name = 'Migration20261123180801_followup_exams';

  override up(): void | Promise<void> {
    this.addSql(`create table "medexam" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "case_id" uuid not null, "date" date not null, "appointment_type" text null, "responsible" varchar(100) null, "using_presc_medicines" boolean not null, "reason_not_using_presc_medicines" varchar(200) null, "weight" double precision not null, "height" double precision null, "comments" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "medexam_workspace_id_index" on "medexam" ("workspace_id");`);
    this.addSql(`create index "medexam_case_id_index" on "medexam" ("case_id");`);
    this.addSql(`create index "medexam_list_idx" on "medexam" ("workspace_id", "date", "id");`);

    this.addSql(`create table "examxray" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "case_id" uuid not null, "date" date not null, "presentation" text not null, "evolution" text null, "comments" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "examxray_workspace_id_index" on "examxray" ("workspace_id");`);
    this.addSql(`create index "examxray_case_id_index" on "examxray" ("case_id");`);
    this.addSql(`create index "examxray_list_idx" on "examxray" ("workspace_id", "date", "id");`);

    this.addSql(`create table "examhiv" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "case_id" uuid not null, "date" date not null, "laboratory" varchar(100) null, "result" text not null, "started_ar_tdate" date null, "started_cp_tdate" date null, "comments" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "examhiv_workspace_id_index" on "examhiv" ("workspace_id");`);
    this.addSql(`create index "examhiv_case_id_index" on "examhiv" ("case_id");`);
    this.addSql(`create index "examhiv_list_idx" on "examhiv" ("workspace_id", "date", "id");`);

    this.addSql(`create table "examxpert" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "case_id" uuid not null, "date" date not null, "sample_number" varchar(50) null, "laboratory_id" uuid not null, "date_release" date null, "result" text not null, "comments" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "examxpert_workspace_id_index" on "examxpert" ("workspace_id");`);
    this.addSql(`create index "examxpert_case_id_index" on "examxpert" ("case_id");`);
    this.addSql(`create index "examxpert_laboratory_id_index" on "examxpert" ("laboratory_id");`);
    this.addSql(`create index "examxpert_list_idx" on "examxpert" ("workspace_id", "date", "id");`);

    this.addSql(`create table "exammic" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "case_id" uuid not null, "date" date not null, "sample_type" text null, "other_sample_type" varchar(50) null, "sample_number" varchar(50) null, "visual_appearance" text null, "laboratory_id" uuid not null, "date_release" date null, "result" text not null, "number_of_afb" int null, "comments" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "exammic_workspace_id_index" on "exammic" ("workspace_id");`);
    this.addSql(`create index "exammic_case_id_index" on "exammic" ("case_id");`);
    this.addSql(`create index "exammic_laboratory_id_index" on "exammic" ("laboratory_id");`);
    this.addSql(`create index "exammic_list_idx" on "exammic" ("workspace_id", "date", "id");`);

    this.addSql(`create table "examdst" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "case_id" uuid not null, "date" date not null, "sample_number" varchar(50) null, "laboratory_id" uuid not null, "date_release" date null, "method" text null, "result_h" text not null, "result_r" text not null, "result_e" text not null, "result_z" text not null, "result_s" text not null, "result_am" text not null, "result_cfz" text not null, "result_cm" text not null, "result_cs" text not null, "result_eto" text not null, "result_lfx" text not null, "result_ofx" text not null, "comments" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "examdst_workspace_id_index" on "examdst" ("workspace_id");`);
    this.addSql(`create index "examdst_case_id_index" on "examdst" ("case_id");`);
    this.addSql(`create index "examdst_laboratory_id_index" on "examdst" ("laboratory_id");`);
    this.addSql(`create index "examdst_list_idx" on "examdst" ("workspace_id", "date", "id");`);

    this.addSql(`create table "examcul" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "case_id" uuid not null, "date" date not null, "sample_number" varchar(50) null, "laboratory_id" uuid null, "date_release" date null, "method" text null, "result" text not null, "number_of_colonies" int null, "comments" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "examcul_workspace_id_index" on "examcul" ("workspace_id");`);
    this.addSql(`create index "examcul_case_id_index" on "examcul" ("case_id");`);
    this.addSql(`create index "examcul_laboratory_id_index" on "examcul" ("laboratory_id");`);
    this.addSql(`create index "examcul_list_idx" on "examcul" ("workspace_id", "date", "id");`);

    this.addSql(`alter table "medexam" add constraint "medexam_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "medexam" add constraint "medexam_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "examxray" add constraint "examxray_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "examxray" add constraint "examxray_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "examhiv" add constraint "examhiv_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "examhiv" add constraint "examhiv_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "examxpert" add constraint "examxpert_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "examxpert" add constraint "examxpert_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "examxpert" add constraint "examxpert_laboratory_id_foreign" foreign key ("laboratory_id") references "unit" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "exammic" add constraint "exammic_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "exammic" add constraint "exammic_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "exammic" add constraint "exammic_laboratory_id_foreign" foreign key ("laboratory_id") references "unit" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "examdst" add constraint "examdst_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "examdst" add constraint "examdst_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "examdst" add constraint "examdst_laboratory_id_foreign" foreign key ("laboratory_id") references "unit" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "examcul" add constraint "examcul_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "examcul" add constraint "examcul_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "examcul" add constraint "examcul_laboratory_id_foreign" foreign key ("laboratory_id") references "unit" ("id") on delete no action deferrable initially immediate;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "medexam" cascade;`);
    this.addSql(`drop table if exists "examxray" cascade;`);
    this.addSql(`drop table if exists "examhiv" cascade;`);
    this.addSql(`drop table if exists "examxpert" cascade;`);
    this.addSql(`drop table if exists "exammic" cascade;`);
    this.addSql(`drop table if exists "examdst" cascade;`);
    this.addSql(`drop table if exists "examcul" cascade;`);
  }

}
