import { Migration } from '@mikro-orm/migrations';

export class Migration20261129063339_sync_token extends Migration {

  override name = 'Migration20261129063339_sync_token';

  override up(): void | Promise<void> {
    this.addSql(`create table "synctoken" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "user_id" uuid not null, "userws_id" uuid null, "token_hash" varchar(64) not null, "device" varchar(200) not null, "expires_at" timestamptz not null, "last_used_at" timestamptz null, "revoked_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "synctoken_workspace_id_index" on "synctoken" ("workspace_id");`);
    this.addSql(`alter table "synctoken" add constraint "synctoken_workspace_id_token_hash_unique" unique ("workspace_id", "token_hash");`);

    this.addSql(`alter table "syncclient" add "sync_token" varchar(200) null, add "sync_token_user" varchar(200) null, add "auto_sync" jsonb null;`);

    this.addSql(`alter table "synctoken" add constraint "synctoken_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "synctoken" cascade;`);
    this.addSql(`alter table "syncclient" drop column "sync_token", drop column "sync_token_user", drop column "auto_sync";`);
  }

}
