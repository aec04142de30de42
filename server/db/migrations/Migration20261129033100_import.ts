import { Migration } from '@mikro-orm/migrations';

export class Migration20261129033100_import extends Migration {

  override name = 'Migration20261129033100_import';

  override up(): void | Promise<void> {
    this.addSql(`create table "importmapping" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "name" varchar(200) not null, "mapping" jsonb not null, primary key ("id"));`);
    this.addSql(`create index "importmapping_workspace_id_index" on "importmapping" ("workspace_id");`);
    this.addSql(`create index "importmapping_list_idx" on "importmapping" ("workspace_id", "name", "id");`);
    this.addSql(`alter table "importmapping" add constraint "importmapping_workspace_id_name_unique" unique ("workspace_id", "name");`);

    this.addSql(`create table "importledger" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "digest" varchar(64) not null, "table_name" varchar(63) not null, "row_id" uuid not null, "job_id" uuid null, "file_name" varchar(255) null, "row_number" int null, primary key ("id"));`);
    this.addSql(`create index "importledger_workspace_id_index" on "importledger" ("workspace_id");`);
    this.addSql(`alter table "importledger" add constraint "importledger_workspace_id_digest_unique" unique ("workspace_id", "digest");`);

    this.addSql(`create table "importjob" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "file_name" varchar(255) not null, "file_size" int null, "format" text null, "sha256" varchar(64) null, "state" text not null, "error" varchar(2000) null, "user_id" uuid not null, "userws_id" uuid null, "lang" text not null, "time_zone" varchar(64) null, "mapping" jsonb null, "mapping_name" varchar(200) null, "checked_digest" varchar(64) null, "total" int null, "done" int null, "counts" jsonb null, "cursor" jsonb null, "locked_by" varchar(100) null, "locked_until" timestamptz null, "started_at" timestamptz null, "finished_at" timestamptz null, "sheets" jsonb null, primary key ("id"));`);
    this.addSql(`create index "importjob_workspace_id_index" on "importjob" ("workspace_id");`);
    this.addSql(`create index "importjob_workspace_id_state_locked_until_index" on "importjob" ("workspace_id", "state", "locked_until");`);

    this.addSql(`create table "importrow" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "job_id" uuid not null, "sheet" int not null, "row_number" int not null, "key" varchar(200) null, "status" text not null, "case_id" uuid null, "cells" jsonb not null, "messages" jsonb null, primary key ("id"));`);
    this.addSql(`create index "importrow_job_id_index" on "importrow" ("job_id");`);
    this.addSql(`create index "importrow_job_id_key_index" on "importrow" ("job_id", "key");`);
    this.addSql(`create index "importrow_job_id_status_index" on "importrow" ("job_id", "status");`);
    this.addSql(`alter table "importrow" add constraint "importrow_job_id_sheet_row_number_unique" unique ("job_id", "sheet", "row_number");`);

    this.addSql(`create table "importchunk" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "job_id" uuid not null, "seq" int not null, "data" text not null, primary key ("id"));`);
    this.addSql(`create index "importchunk_job_id_index" on "importchunk" ("job_id");`);
    this.addSql(`alter table "importchunk" add constraint "importchunk_job_id_seq_unique" unique ("job_id", "seq");`);

    this.addSql(`alter table "importmapping" add constraint "importmapping_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);

    this.addSql(`alter table "importledger" add constraint "importledger_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);

    this.addSql(`alter table "importjob" add constraint "importjob_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);

    this.addSql(`alter table "importrow" add constraint "importrow_job_id_foreign" foreign key ("job_id") references "importjob" ("id") on delete cascade deferrable initially immediate;`);

    this.addSql(`alter table "importchunk" add constraint "importchunk_job_id_foreign" foreign key ("job_id") references "importjob" ("id") on delete cascade deferrable initially immediate;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "importrow" drop constraint "importrow_job_id_foreign";`);
    this.addSql(`alter table "importchunk" drop constraint "importchunk_job_id_foreign";`);
    this.addSql(`drop table if exists "importmapping" cascade;`);
    this.addSql(`drop table if exists "importledger" cascade;`);
    this.addSql(`drop table if exists "importjob" cascade;`);
    this.addSql(`drop table if exists "importrow" cascade;`);
    this.addSql(`drop table if exists "importchunk" cascade;`);
  }

}
