import { Migration } from '@mikro-orm/migrations';

export class Migration20261129061250_dhis2 extends Migration {

  override name = 'Migration20261129061250_dhis2';

  override up(): void | Promise<void> {
    this.addSql(`create table "dhis2server" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "url" varchar(500) not null, "username" varchar(200) not null, "password" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "dhis2server_workspace_id_index" on "dhis2server" ("workspace_id");`);

    this.addSql(`create table "dhis2send" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "mapping" varchar(100) not null, "data_set" varchar(11) null, "period" varchar(20) not null, "values" int null, "dry_run" boolean not null, "status" text not null, "imported" int null, "updated" int null, "ignored" int null, "deleted" int null, "error" varchar(2000) null, "digest" varchar(64) null, "user_id" uuid not null, "user_name" varchar(200) null, "sent_at" timestamptz not null, "org_units" jsonb null, "conflicts" jsonb null, primary key ("id"));`);
    this.addSql(`create index "dhis2send_workspace_id_index" on "dhis2send" ("workspace_id");`);
    this.addSql(`create index "dhis2send_workspace_id_sent_at_index" on "dhis2send" ("workspace_id", "sent_at");`);

    this.addSql(`alter table "adminunit" add "dhis2_uid" text null;`);
    this.addSql(`alter table "adminunit" add constraint "adminunit_workspace_id_dhis2_uid_unique" unique ("workspace_id", "dhis2_uid");`);

    this.addSql(`alter table "unit" add "dhis2_uid" text null;`);
    this.addSql(`alter table "unit" add constraint "unit_workspace_id_dhis2_uid_unique" unique ("workspace_id", "dhis2_uid");`);

    this.addSql(`alter table "dhis2server" add constraint "dhis2server_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);

    this.addSql(`alter table "dhis2send" add constraint "dhis2send_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "dhis2server" cascade;`);
    this.addSql(`drop table if exists "dhis2send" cascade;`);
    this.addSql(`alter table "adminunit" drop constraint "adminunit_workspace_id_dhis2_uid_unique";`);
    this.addSql(`alter table "adminunit" drop column "dhis2_uid";`);
    this.addSql(`alter table "unit" drop constraint "unit_workspace_id_dhis2_uid_unique";`);
    this.addSql(`alter table "unit" drop column "dhis2_uid";`);
  }

}
