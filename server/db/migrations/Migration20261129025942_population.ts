import { Migration } from '@mikro-orm/migrations';

export class Migration20261129025942_population extends Migration {

  override name = 'Migration20261129025942_population';

  override up(): void | Promise<void> {
    this.addSql(`create table "population" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "admin_unit_id" uuid not null, "year" int not null, "population" int not null, primary key ("id"));`);
    this.addSql(`create index "population_workspace_id_index" on "population" ("workspace_id");`);
    this.addSql(`create index "population_admin_unit_id_index" on "population" ("admin_unit_id");`);
    this.addSql(`alter table "population" add constraint "population_workspace_id_admin_unit_id_year_unique" unique ("workspace_id", "admin_unit_id", "year");`);

    this.addSql(`alter table "population" add constraint "population_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "population" add constraint "population_admin_unit_id_foreign" foreign key ("admin_unit_id") references "adminunit" ("id") on delete cascade deferrable initially immediate;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "population" cascade;`);
  }

}
