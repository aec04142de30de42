import { Migration } from '@mikro-orm/migrations';

/** The case data tab: contacts, adverse effects and previous treatments of a case; its six comorbidity flags. */
export class Migration20261123201311_case_data extends Migration {

  override name = 'Migration20261123201311_case_data';

  override up(): void | Promise<void> {
    this.addSql(`create table "sideeffect" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "case_id" uuid not null, "side_effect" text not null, "month" int not null, "substance_id" uuid null, "substance2_id" uuid null, "comment" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "sideeffect_workspace_id_index" on "sideeffect" ("workspace_id");`);
    this.addSql(`create index "sideeffect_case_id_index" on "sideeffect" ("case_id");`);
    this.addSql(`create index "sideeffect_substance_id_index" on "sideeffect" ("substance_id");`);
    this.addSql(`create index "sideeffect_substance2_id_index" on "sideeffect" ("substance2_id");`);
    this.addSql(`create index "sideeffect_list_idx" on "sideeffect" ("workspace_id", "month", "id");`);
    this.addSql(`create table "prevtreat" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "case_id" uuid not null, "month" int not null, "year" int not null, "outcome_month" int null, "outcome_year" int null, "outcome" text not null, "am" boolean not null, "cfz" boolean not null, "cm" boolean not null, "cs" boolean not null, "e" boolean not null, "eto" boolean not null, "h" boolean not null, "lfx" boolean not null, "ofx" boolean not null, "r" boolean not null, "s" boolean not null, "z" boolean not null, primary key ("id"));`);
    this.addSql(`create index "prevtreat_workspace_id_index" on "prevtreat" ("workspace_id");`);
    this.addSql(`create index "prevtreat_case_id_index" on "prevtreat" ("case_id");`);
    this.addSql(`create index "prevtreat_list_idx" on "prevtreat" ("workspace_id", "year", "month", "id");`);
    this.addSql(`create table "contact" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "case_id" uuid not null, "name" varchar(100) not null, "gender" text not null, "age" int not null, "contact_type" text not null, "examinated" boolean not null, "date_of_examination" date null, "conduct" text null, "comments" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "contact_workspace_id_index" on "contact" ("workspace_id");`);
    this.addSql(`create index "contact_case_id_index" on "contact" ("case_id");`);
    this.addSql(`create index "contact_list_idx" on "contact" ("workspace_id", "name", "id");`);
    this.addSql(`alter table "sideeffect" add constraint "sideeffect_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "sideeffect" add constraint "sideeffect_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete cascade deferrable initially immediate;`);
    this.addSql(`alter table "sideeffect" add constraint "sideeffect_substance_id_foreign" foreign key ("substance_id") references "substance" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "sideeffect" add constraint "sideeffect_substance2_id_foreign" foreign key ("substance2_id") references "substance" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "prevtreat" add constraint "prevtreat_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "prevtreat" add constraint "prevtreat_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete cascade deferrable initially immediate;`);
    this.addSql(`alter table "contact" add constraint "contact_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "contact" add constraint "contact_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete cascade deferrable initially immediate;`);
    this.addSql(`alter table "tbcase" add "comorbidities_alcohol_excessive_use" boolean null, add "comorbidities_tobacco_use_within" boolean null, add "comorbidities_aids" boolean null, add "comorbidities_diabetes" boolean null, add "comorbidities_anaemia" boolean null, add "comorbidities_malnutrition" boolean null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tbcase" drop column "comorbidities_alcohol_excessive_use", drop column "comorbidities_tobacco_use_within", drop column "comorbidities_aids", drop column "comorbidities_diabetes", drop column "comorbidities_anaemia", drop column "comorbidities_malnutrition";`);
    this.addSql(`drop table if exists "sideeffect" cascade;`);
    this.addSql(`drop table if exists "prevtreat" cascade;`);
    this.addSql(`drop table if exists "contact" cascade;`);
  }

}
