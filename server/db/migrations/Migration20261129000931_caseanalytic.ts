import { Migration } from '@mikro-orm/migrations';

export class Migration20261129000931_caseanalytic extends Migration {

  override name = 'Migration20261129000931_caseanalytic';

  override up(): void | Promise<void> {
    this.addSql(`create table "caseanalytic" ("id" uuid not null, "workspace_id" uuid not null, "owner_unit_id" uuid null, "state" text null, "diagnosis_type" text null, "classification" text null, "validated" boolean null, "transferring" boolean null, "registration_group" text null, "diagnosis_basis" text null, "registration_date" date null, "diagnosis_date" date null, "ini_treatment_date" date null, "outcome_date" date null, "outcome" text null, "infection_site" text null, "extrapulmonary_form" text null, "drug_resistance_type" text null, "microscopy_result" text null, "xpert_result" text null, "culture_result" text null, "hiv_result" text null, "culture_conversion_date" date null, "smear_conversion_date" date null, "notification_unit_id" uuid null, "transfer_from_unit_id" uuid null, "treatment_end_date" date null, "owner_unit_area1" uuid null, "owner_unit_area2" uuid null, "owner_unit_area3" uuid null, "owner_unit_area4" uuid null, "owner_unit_area5" uuid null, "tag" uuid[] not null default '{}', "culture_at_month6" text null, "hiv_art" date null, "hiv_cpt" date null, "gender" text null, "age_range" uuid null, "age_range_years" int null, "nationality" text null, "medicine" uuid[] not null default '{}', "regimen" uuid null, "individualized" boolean null, primary key ("id"));`);

    this.addSql(`alter table "caseanalytic" add constraint "caseanalytic_id_foreign" foreign key ("id") references "tbcase" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "caseanalytic" add constraint "caseanalytic_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "caseanalytic" cascade;`);
  }

}
