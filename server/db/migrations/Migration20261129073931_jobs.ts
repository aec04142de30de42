import { Migration } from '@mikro-orm/migrations';

export class Migration20261129073931_jobs extends Migration {

  override name = 'Migration20261129073931_jobs';

  override up(): void | Promise<void> {
    this.addSql(`create table "job" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "kind" varchar(64) not null, "state" text not null, "workspace_id" uuid null, "params" jsonb null, "dedupe_key" varchar(200) null, "done" int not null, "total" int null, "cursor" jsonb null, "attempts" int not null, "error" varchar(2000) null, "user_id" uuid null, "locked_by" varchar(100) null, "locked_until" timestamptz null, "heartbeat_at" timestamptz null, "started_at" timestamptz null, "finished_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "job_workspace_id_index" on "job" ("workspace_id");`);
    this.addSql(`create index "job_state_locked_until_index" on "job" ("state", "locked_until");`);
    this.addSql(`alter table "job" add constraint "job_dedupe_key_unique" unique ("dedupe_key");`);

    this.addSql(`alter table "job" add constraint "job_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade deferrable initially immediate;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "job" cascade;`);
  }

}
