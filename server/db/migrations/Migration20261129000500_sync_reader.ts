import { Migration } from '@mikro-orm/migrations';

export class Migration20261129000500_sync_reader extends Migration {

  override name = 'Migration20261129000500_sync_reader';

  override up(): void | Promise<void> {
    this.addSql(`create table "syncreader" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "user_id" uuid not null, "caught_up_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "syncreader_workspace_id_index" on "syncreader" ("workspace_id");`);
    this.addSql(`alter table "syncreader" add constraint "syncreader_workspace_id_user_id_unique" unique ("workspace_id", "user_id");`);

    this.addSql(`alter table "syncreader" add constraint "syncreader_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "syncreader" cascade;`);
  }

}
