import { Migration } from '@mikro-orm/migrations';

export class Migration20261123201442_talk extends Migration {

  override name = 'Migration20261123201442_talk';

  override up(): void | Promise<void> {
    this.addSql(`create table "tagrefresh" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "day" date not null, primary key ("id"));`);
    this.addSql(`create index "tagrefresh_workspace_id_index" on "tagrefresh" ("workspace_id");`);
    this.addSql(`alter table "tagrefresh" add constraint "tagrefresh_workspace_id_unique" unique ("workspace_id");`);

    this.addSql(`create table "casecomment" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "case_id" uuid not null, "group" text not null, "comment" varchar(4000) not null, "user_id" uuid null, "date" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "casecomment_workspace_id_index" on "casecomment" ("workspace_id");`);
    this.addSql(`create index "casecomment_case_id_index" on "casecomment" ("case_id");`);
    this.addSql(`create index "casecomment_user_id_index" on "casecomment" ("user_id");`);
    this.addSql(`create index "casecomment_list_idx" on "casecomment" ("workspace_id", "date", "id");`);

    this.addSql(`create table "issue" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "case_id" uuid not null, "title" varchar(200) not null, "description" varchar(4000) not null, "user_id" uuid null, "unit_id" uuid null, "creation_date" timestamptz null, "closed" boolean null, primary key ("id"));`);
    this.addSql(`create index "issue_workspace_id_index" on "issue" ("workspace_id");`);
    this.addSql(`create index "issue_case_id_index" on "issue" ("case_id");`);
    this.addSql(`create index "issue_user_id_index" on "issue" ("user_id");`);
    this.addSql(`create index "issue_unit_id_index" on "issue" ("unit_id");`);
    this.addSql(`create index "issue_list_idx" on "issue" ("workspace_id", "creation_date", "id");`);

    this.addSql(`create table "issuefollowup" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "issue_id" uuid not null, "text" varchar(4000) not null, "user_id" uuid null, "unit_id" uuid null, "followup_date" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "issuefollowup_workspace_id_index" on "issuefollowup" ("workspace_id");`);
    this.addSql(`create index "issuefollowup_issue_id_index" on "issuefollowup" ("issue_id");`);
    this.addSql(`create index "issuefollowup_user_id_index" on "issuefollowup" ("user_id");`);
    this.addSql(`create index "issuefollowup_unit_id_index" on "issuefollowup" ("unit_id");`);
    this.addSql(`create index "issuefollowup_list_idx" on "issuefollowup" ("workspace_id", "followup_date", "id");`);

    this.addSql(`alter table "tagrefresh" add constraint "tagrefresh_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade deferrable initially immediate;`);

    this.addSql(`alter table "casecomment" add constraint "casecomment_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "casecomment" add constraint "casecomment_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete cascade deferrable initially immediate;`);
    this.addSql(`alter table "casecomment" add constraint "casecomment_user_id_foreign" foreign key ("user_id") references "sysuser" ("id") on delete set null deferrable initially immediate;`);

    this.addSql(`alter table "issue" add constraint "issue_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "issue" add constraint "issue_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete cascade deferrable initially immediate;`);
    this.addSql(`alter table "issue" add constraint "issue_user_id_foreign" foreign key ("user_id") references "sysuser" ("id") on delete set null deferrable initially immediate;`);
    this.addSql(`alter table "issue" add constraint "issue_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on delete set null deferrable initially immediate;`);

    this.addSql(`alter table "issuefollowup" add constraint "issuefollowup_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "issuefollowup" add constraint "issuefollowup_issue_id_foreign" foreign key ("issue_id") references "issue" ("id") on delete cascade deferrable initially immediate;`);
    this.addSql(`alter table "issuefollowup" add constraint "issuefollowup_user_id_foreign" foreign key ("user_id") references "sysuser" ("id") on delete set null deferrable initially immediate;`);
    this.addSql(`alter table "issuefollowup" add constraint "issuefollowup_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on delete set null deferrable initially immediate;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "issuefollowup" drop constraint "issuefollowup_issue_id_foreign";`);

    this.addSql(`drop table if exists "tagrefresh" cascade;`);
    this.addSql(`drop table if exists "casecomment" cascade;`);
    this.addSql(`drop table if exists "issue" cascade;`);
    this.addSql(`drop table if exists "issuefollowup" cascade;`);

  }

}
