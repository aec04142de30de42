import { Migration } from '@mikro-orm/migrations';

export class Migration20261123200337_casetag extends Migration {

  override name = 'Migration20261123200337_casetag';

  override up(): void | Promise<void> {
    this.addSql(`create table "casetag" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "case_id" uuid not null, "tag_id" uuid not null, primary key ("id"));`);
    this.addSql(`create index "casetag_workspace_id_index" on "casetag" ("workspace_id");`);
    this.addSql(`create index "casetag_case_id_index" on "casetag" ("case_id");`);
    this.addSql(`create index "casetag_tag_id_index" on "casetag" ("tag_id");`);
    this.addSql(`create index "casetag_workspace_id_tag_id_case_id_index" on "casetag" ("workspace_id", "tag_id", "case_id");`);
    this.addSql(`create index "casetag_list_idx" on "casetag" ("workspace_id", "tag_id", "id");`);
    this.addSql(`alter table "casetag" add constraint "casetag_workspace_id_case_id_tag_id_unique" unique ("workspace_id", "case_id", "tag_id");`);

    this.addSql(`alter table "casetag" add constraint "casetag_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "casetag" add constraint "casetag_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete cascade deferrable initially immediate;`);
    this.addSql(`alter table "casetag" add constraint "casetag_tag_id_foreign" foreign key ("tag_id") references "tag" ("id") on delete cascade deferrable initially immediate;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "casetag" cascade;`);
  }

}
