import { Migration } from '@mikro-orm/migrations';

/**
 * Reports: saved case reports (`casereport`), the patient's nationality, and the case's
 * latest culture result and its date (derived like the other latest results) — filled from the
 * cultures already recorded, newest by date then id, as cases/followups/derived.ts picks them.
 */
export class Migration20261126153059_report_variables extends Migration {

  override name = 'Migration20261126153059_report_variables';

  override up(): void | Promise<void> {
    this.addSql(`create table "casereport" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "name" varchar(200) not null, "scope" text not null, "scope_id" uuid null, "dashboard" boolean not null, "filters" jsonb null, "indicators" jsonb null, primary key ("id"));`);
    this.addSql(`create index "casereport_workspace_id_index" on "casereport" ("workspace_id");`);
    this.addSql(`create index "casereport_workspace_id_scope_scope_id_index" on "casereport" ("workspace_id", "scope", "scope_id");`);
    this.addSql(`create index "casereport_workspace_id_dashboard_index" on "casereport" ("workspace_id", "dashboard");`);
    this.addSql(`create index "casereport_list_idx" on "casereport" ("workspace_id", "name", "id");`);

    this.addSql(`alter table "patient" add "nationality" text null;`);

    this.addSql(`alter table "tbcase" add "culture_result" text null, add "culture_date" date null;`);

    this.addSql(`update "tbcase" t set "culture_result" = e."result", "culture_date" = e."date" from (select distinct on ("case_id") "case_id", "result", "date" from "examcul" order by "case_id", "date" desc, "id" desc) e where e."case_id" = t."id";`);

    this.addSql(`alter table "casereport" add constraint "casereport_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "casereport" cascade;`);
    this.addSql(`alter table "patient" drop column "nationality";`);
    this.addSql(`alter table "tbcase" drop column "culture_result", drop column "culture_date";`);
  }

}
