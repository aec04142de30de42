import { Migration } from '@mikro-orm/migrations';

/**
 * Contacts and TB preventive treatment: a contact becomes a person (a patient record) linked to
 * an index case and followed by a unit, with its evaluation; the TPT regimen catalogue, the contacts' TPT
 * courses and their intake calendar.
 */
export class Migration20261129001503_contacts_tpt extends Migration {

  override name = 'Migration20261129001503_contacts_tpt';

  override up(): void | Promise<void> {
    this.addSql(`create table "tptregimen" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "code" varchar(20) not null, "name" varchar(200) not null, "frequency" text not null, "weeks" int not null, "doses" int not null, "min_doses" int not null, "window_weeks" int not null, "min_age_years" int null, "active" boolean not null, primary key ("id"));`);
    this.addSql(`create index "tptregimen_workspace_id_index" on "tptregimen" ("workspace_id");`);
    this.addSql(`create index "tptregimen_list_idx" on "tptregimen" ("workspace_id", "code", "id");`);
    this.addSql(`create index "tptregimen_name_trgm" on "tptregimen" using gin ("name" gin_trgm_ops);`);
    this.addSql(`create index "tptregimen_code_trgm" on "tptregimen" using gin ("code" gin_trgm_ops);`);
    this.addSql(`alter table "tptregimen" add constraint "tptregimen_workspace_id_code_unique" unique ("workspace_id", "code");`);

    this.addSql(`create table "tptregimen_for_resistance" ("id" uuid not null, "parent_id" uuid not null, "idx" int not null, "value" text not null, primary key ("id"));`);
    this.addSql(`create index "tptregimen_for_resistance_parent_id_index" on "tptregimen_for_resistance" ("parent_id");`);

    this.addSql(`create table "tptregimen_bands" ("id" uuid not null, "parent_id" uuid not null, "idx" int not null, "from_kg" double precision not null, "to_kg" double precision null, "dose" varchar(100) not null, primary key ("id"));`);
    this.addSql(`create index "tptregimen_bands_parent_id_index" on "tptregimen_bands" ("parent_id");`);

    this.addSql(`create table "tptcourse" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "contact_id" uuid not null, "unit_id" uuid null, "eligible" boolean not null, "eligibility_date" date null, "not_eligible_reason" text null, "liver_test" text null, "regimen_id" uuid null, "weight_kg" double precision null, "dose" varchar(100) null, "start_date" date null, "expected_end_date" date null, "status" text not null, "status_date" date null, "outcome" text null, "outcome_date" date null, "comments" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "tptcourse_workspace_id_index" on "tptcourse" ("workspace_id");`);
    this.addSql(`create index "tptcourse_contact_id_index" on "tptcourse" ("contact_id");`);
    this.addSql(`create index "tptcourse_unit_id_index" on "tptcourse" ("unit_id");`);
    this.addSql(`create index "tptcourse_regimen_id_index" on "tptcourse" ("regimen_id");`);
    this.addSql(`create index "tptcourse_workspace_id_unit_id_status_expected_end_date_index" on "tptcourse" ("workspace_id", "unit_id", "status", "expected_end_date");`);
    this.addSql(`create index "tptcourse_workspace_id_start_date_index" on "tptcourse" ("workspace_id", "start_date");`);
    this.addSql(`create index "tptcourse_list_idx" on "tptcourse" ("workspace_id", "eligibility_date", "id");`);
    this.addSql(`alter table "tptcourse" add constraint "tptcourse_workspace_id_contact_id_unique" unique ("workspace_id", "contact_id");`);

    this.addSql(`create table "tptcourse_contraindications" ("id" uuid not null, "parent_id" uuid not null, "idx" int not null, "value" text not null, primary key ("id"));`);
    this.addSql(`create index "tptcourse_contraindications_parent_id_index" on "tptcourse_contraindications" ("parent_id");`);

    this.addSql(`create table "tptadherence" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "tptcourse_id" uuid not null, "year" int not null, "month" int not null, "days" text not null, primary key ("id"));`);
    this.addSql(`create index "tptadherence_workspace_id_index" on "tptadherence" ("workspace_id");`);
    this.addSql(`create index "tptadherence_tptcourse_id_index" on "tptadherence" ("tptcourse_id");`);
    this.addSql(`create index "tptadherence_list_idx" on "tptadherence" ("workspace_id", "year", "month", "id");`);
    this.addSql(`alter table "tptadherence" add constraint "tptadherence_workspace_id_tptcourse_id_year_month_unique" unique ("workspace_id", "tptcourse_id", "year", "month");`);

    this.addSql(`drop index "contact_list_idx";`);
    // the seed-era contacts (a name, a sex and an age typed on the case) become persons: each a new
    // patient record — the name's first word the first name, the rest the last name — linked to the
    // index case as before, followed by the case's owner unit, registered on the day it was typed (or
    // examined, if earlier), with the index case's resistance type; an examined contact whose conduct
    // was preventive treatment or follow-up had TB excluded, one sent to TB treatment was presumptive
    this.addSql(`alter table "contact" add "patient_id" uuid null, add "registration_date" date null, add "unit_id" uuid null, add "relation" text null, add "index_resistance" text null, add "symptoms" text null, add "chest_xray" text null, add "infection_test" text null, add "infection_test_date" date null, add "infection_test_result" text null, add "evaluation_outcome" text null, add "not_evaluated_reason" text null, add "result_case_id" uuid null;`);
    // the person's id is made from the contact's: an offline client running this migration on its copy of
    // the rows makes the same persons as the server (the feed carries no rows for them)
    this.addSql(`update "contact" set "patient_id" = md5('contact-person:' || "id"::text)::uuid;`);
    this.addSql(`insert into "patient" ("id", "workspace_id", "created_at", "updated_at", "name", "last_name", "gender")
      select c."patient_id", c."workspace_id", c."created_at", c."created_at",
             split_part(btrim(c."name"), ' ', 1),
             nullif(btrim(substr(btrim(c."name"), length(split_part(btrim(c."name"), ' ', 1)) + 1)), ''),
             c."gender"
        from "contact" c;`);
    this.addSql(`update "contact" c set
        "unit_id" = t."owner_unit_id",
        "registration_date" = least(c."created_at"::date, coalesce(c."date_of_examination", c."created_at"::date)),
        "index_resistance" = case when t."classification" = 'TB' then 'DS'
                                  when t."drug_resistance_type" in ('RR', 'MDR', 'PRE_XDR', 'XDR') then t."drug_resistance_type"
                                  else 'UNKNOWN' end,
        "evaluation_outcome" = case when not c."examinated" then null
                                    when c."conduct" in ('conduct1', 'conduct3') then 'TB_EXCLUDED'
                                    when c."conduct" = 'conduct2' then 'PRESUMPTIVE_TB' end
      from "tbcase" t where t."id" = c."case_id";`);
    this.addSql(`alter table "contact" alter column "patient_id" set not null, alter column "registration_date" set not null;`);
    this.addSql(`alter table "contact" drop column "name", drop column "gender";`);
    this.addSql(`alter table "contact" add constraint "contact_patient_id_foreign" foreign key ("patient_id") references "patient" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "contact" add constraint "contact_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "contact" add constraint "contact_result_case_id_foreign" foreign key ("result_case_id") references "tbcase" ("id") on delete set null deferrable initially immediate;`);
    this.addSql(`alter table "contact" alter column "age" drop not null;`);
    this.addSql(`create index "contact_patient_id_index" on "contact" ("patient_id");`);
    this.addSql(`create index "contact_unit_id_index" on "contact" ("unit_id");`);
    this.addSql(`create index "contact_result_case_id_index" on "contact" ("result_case_id");`);
    this.addSql(`create index "contact_workspace_id_case_id_registration_date_index" on "contact" ("workspace_id", "case_id", "registration_date");`);
    this.addSql(`create index "contact_workspace_id_unit_id_examinated_registration_date_index" on "contact" ("workspace_id", "unit_id", "examinated", "registration_date");`);
    this.addSql(`create index "contact_unit_list_idx" on "contact" ("workspace_id", "unit_id", "registration_date", "id");`);
    this.addSql(`alter table "contact" add constraint "contact_workspace_id_case_id_patient_id_unique" unique ("workspace_id", "case_id", "patient_id");`);
    this.addSql(`create index "contact_list_idx" on "contact" ("workspace_id", "registration_date", "id");`);

    this.addSql(`alter table "tptregimen" add constraint "tptregimen_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);

    this.addSql(`alter table "tptregimen_for_resistance" add constraint "tptregimen_for_resistance_parent_id_foreign" foreign key ("parent_id") references "tptregimen" ("id") on delete cascade;`);

    this.addSql(`alter table "tptregimen_bands" add constraint "tptregimen_bands_parent_id_foreign" foreign key ("parent_id") references "tptregimen" ("id") on delete cascade;`);

    this.addSql(`alter table "tptcourse" add constraint "tptcourse_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "tptcourse" add constraint "tptcourse_contact_id_foreign" foreign key ("contact_id") references "contact" ("id") on delete cascade deferrable initially immediate;`);
    this.addSql(`alter table "tptcourse" add constraint "tptcourse_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "tptcourse" add constraint "tptcourse_regimen_id_foreign" foreign key ("regimen_id") references "tptregimen" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "tptcourse_contraindications" add constraint "tptcourse_contraindications_parent_id_foreign" foreign key ("parent_id") references "tptcourse" ("id") on delete cascade;`);

    this.addSql(`alter table "tptadherence" add constraint "tptadherence_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "tptadherence" add constraint "tptadherence_tptcourse_id_foreign" foreign key ("tptcourse_id") references "tptcourse" ("id") on delete cascade deferrable initially immediate;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tptregimen_for_resistance" drop constraint "tptregimen_for_resistance_parent_id_foreign";`);
    this.addSql(`alter table "tptregimen_bands" drop constraint "tptregimen_bands_parent_id_foreign";`);
    this.addSql(`alter table "tptcourse" drop constraint "tptcourse_regimen_id_foreign";`);
    this.addSql(`alter table "tptcourse_contraindications" drop constraint "tptcourse_contraindications_parent_id_foreign";`);
    this.addSql(`alter table "tptadherence" drop constraint "tptadherence_tptcourse_id_foreign";`);
    this.addSql(`drop table if exists "tptregimen" cascade;`);
    this.addSql(`drop table if exists "tptregimen_for_resistance" cascade;`);
    this.addSql(`drop table if exists "tptregimen_bands" cascade;`);
    this.addSql(`drop table if exists "tptcourse" cascade;`);
    this.addSql(`drop table if exists "tptcourse_contraindications" cascade;`);
    this.addSql(`drop table if exists "tptadherence" cascade;`);
    this.addSql(`alter table "contact" drop constraint "contact_patient_id_foreign";`);
    this.addSql(`alter table "contact" drop constraint "contact_unit_id_foreign";`);
    this.addSql(`alter table "contact" drop constraint "contact_result_case_id_foreign";`);
    this.addSql(`drop index "contact_patient_id_index";`);
    this.addSql(`drop index "contact_unit_id_index";`);
    this.addSql(`drop index "contact_result_case_id_index";`);
    this.addSql(`drop index "contact_workspace_id_case_id_registration_date_index";`);
    this.addSql(`drop index "contact_workspace_id_unit_id_examinated_registration_date_index";`);
    this.addSql(`drop index "contact_unit_list_idx";`);
    this.addSql(`alter table "contact" drop constraint "contact_workspace_id_case_id_patient_id_unique";`);
    this.addSql(`drop index "contact_list_idx";`);
    this.addSql(`alter table "contact" drop column "patient_id", drop column "registration_date", drop column "unit_id", drop column "relation", drop column "index_resistance", drop column "symptoms", drop column "chest_xray", drop column "infection_test", drop column "infection_test_date", drop column "infection_test_result", drop column "evaluation_outcome", drop column "not_evaluated_reason", drop column "result_case_id";`);
    this.addSql(`alter table "contact" add "name" varchar(100) not null, add "gender" text not null;`);
    this.addSql(`alter table "contact" alter column "age" set not null;`);
    this.addSql(`create index "contact_list_idx" on "contact" ("workspace_id", "name", "id");`);
  }

}
