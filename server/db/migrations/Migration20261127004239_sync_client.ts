import { Migration } from '@mikro-orm/migrations';

export class Migration20261127004239_sync_client extends Migration {

  override name = 'Migration20261127004239_sync_client';

  override up(): void | Promise<void> {
    this.addSql(`create table "syncclient" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "server_url" varchar(500) not null, "unit_id" uuid not null, "phase" text not null, "counts" jsonb null, "error" varchar(2000) null, "feed_position" varchar(40) null, "local_seq" bigint null, "send_up_to" bigint null, "last_sync_at" timestamptz null, "rejected" jsonb null, primary key ("id"));`);
    this.addSql(`create index "syncclient_workspace_id_index" on "syncclient" ("workspace_id");`);

    this.addSql(`alter table "syncclient" add constraint "syncclient_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "syncclient" cascade;`);
  }

}
