import { Migration } from '@mikro-orm/migrations';

export class Migration20261123181111_case_fields extends Migration {

  override name = 'Migration20261123181111_case_fields';

  override up(): void | Promise<void> {
    this.addSql(`create table "casecounter" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "last" int not null, primary key ("id"));`);
    this.addSql(`create index "casecounter_workspace_id_index" on "casecounter" ("workspace_id");`);
    this.addSql(`alter table "casecounter" add constraint "casecounter_workspace_id_unique" unique ("workspace_id");`);

    this.addSql(`alter table "patient" add "mother_name" varchar(100) null, add "document_number" varchar(50) null;`);

    this.addSql(`alter table "tbcase" add "other_outcome" varchar(100) null, add "infection_site" text null, add "drug_resistance_type" text null, add "transfer_from_unit_id" uuid null, add "move_date" date null;`);
    this.addSql(`alter table "tbcase" add constraint "tbcase_transfer_from_unit_id_foreign" foreign key ("transfer_from_unit_id") references "unit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "tbcase" alter column "outcome" type text using ("outcome"::text);`);
    this.addSql(`create index "tbcase_transfer_from_unit_id_index" on "tbcase" ("transfer_from_unit_id");`);

    this.addSql(`alter table "casecounter" add constraint "casecounter_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade deferrable initially immediate;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "casecounter" cascade;`);

    this.addSql(`alter table "tbcase" drop constraint "tbcase_transfer_from_unit_id_foreign";`);

    this.addSql(`alter table "patient" drop column "mother_name", drop column "document_number";`);

    this.addSql(`drop index "tbcase_transfer_from_unit_id_index";`);
    this.addSql(`alter table "tbcase" drop column "other_outcome", drop column "infection_site", drop column "drug_resistance_type", drop column "transfer_from_unit_id", drop column "move_date";`);
    this.addSql(`alter table "tbcase" alter column "outcome" type varchar(50) using ("outcome"::varchar(50));`);
  }

}
