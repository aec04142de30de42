import { Migration } from '@mikro-orm/migrations';

export class Migration20261122151832_initial extends Migration {

  override name = 'Migration20261122151832_initial';

  override up(): void | Promise<void> {
    this.addSql(`create table "cmdhistory" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid null, "user_id" uuid null, "unit_id" uuid null, "admin_unit_id" uuid null, "exec_date" timestamptz not null, "type" varchar(50) not null, "action" varchar(20) not null, "entity_id" uuid null, "entity_name" varchar(200) null, "detail" jsonb null, primary key ("id"));`);
    this.addSql(`create index "cmdhistory_workspace_id_exec_date_index" on "cmdhistory" ("workspace_id", "exec_date");`);
    this.addSql(`create index "cmdhistory_entity_id_index" on "cmdhistory" ("entity_id");`);

    this.addSql(`create table "errorlog" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "error_date" timestamptz not null, "exception_class" varchar(200) null, "url" varchar(2000) null, "user_id" uuid null, "user_name" varchar(200) null, "workspace_id" uuid null, "workspace_name" varchar(200) null, "exception_message" text null, "request" text null, "stack_trace" text null, primary key ("id"));`);
    this.addSql(`create index "errorlog_error_date_index" on "errorlog" ("error_date");`);

    this.addSql(`create table "loginattempt" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "login" varchar(30) not null, "attempt_date" timestamptz not null, "success" boolean not null, "ip_address" varchar(64) null, primary key ("id"));`);
    this.addSql(`create index "loginattempt_login_attempt_date_index" on "loginattempt" ("login", "attempt_date");`);

    this.addSql(`create table "sysuser" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "login" varchar(30) not null, "name" varchar(200) not null, "email" varchar(100) not null, "password_hash" varchar(200) null, "active" boolean not null, "password_expired" boolean not null, "email_confirmed" boolean not null, "mobile" varchar(50) null, "time_zone" varchar(50) null, "language" varchar(10) null, "send_system_messages" boolean not null, "failed_logins" int not null, "locked_until" timestamptz null, "last_login" timestamptz null, "password_changed_at" timestamptz null, "registration_date" timestamptz null, "ula_accepted_at" timestamptz null, "email_token" varchar(64) null, primary key ("id"));`);
    this.addSql(`create index "sysuser_email_index" on "sysuser" ("email");`);
    this.addSql(`alter table "sysuser" add constraint "sysuser_login_unique" unique ("login");`);

    this.addSql(`create table "workspace" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "name" varchar(50) not null, "send_system_messages" boolean not null, "patient_name_composition" text not null, "suspect_case_number" text not null, "confirmed_case_number" text not null, "case_validation_tb" text not null, "case_validation_drtb" text not null, "case_validation_ntm" text not null, "months_to_alert_expired_medicines" int not null, "min_stock_on_hand" int not null, "max_stock_on_hand" int not null, primary key ("id"));`);
    this.addSql(`alter table "workspace" add constraint "workspace_name_unique" unique ("name");`);

    this.addSql(`create table "userprofile" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "name" varchar(200) not null, primary key ("id"));`);
    this.addSql(`create index "userprofile_workspace_id_index" on "userprofile" ("workspace_id");`);
    this.addSql(`alter table "userprofile" add constraint "userprofile_workspace_id_name_unique" unique ("workspace_id", "name");`);

    this.addSql(`create table "userprofile_permissions" ("id" uuid not null, "parent_id" uuid not null, "idx" int not null, "permission" varchar(50) not null, "can_change" boolean null, primary key ("id"));`);
    this.addSql(`create index "userprofile_permissions_parent_id_index" on "userprofile_permissions" ("parent_id");`);

    this.addSql(`create table "tag" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "name" varchar(200) not null, "active" boolean not null, "auto_generated" boolean null, "consistency_check" boolean not null, "sql_condition" varchar(4000) null, "daily_update" boolean null, primary key ("id"));`);
    this.addSql(`create index "tag_workspace_id_index" on "tag" ("workspace_id");`);
    this.addSql(`alter table "tag" add constraint "tag_workspace_id_name_unique" unique ("workspace_id", "name");`);

    this.addSql(`create table "substance" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "short_name" varchar(20) not null, "name" varchar(200) not null, "line" text not null, "active" boolean not null, "custom_id" varchar(50) null, "display_order" int null, "dst_result_form" boolean null, "prev_treatment_form" boolean null, primary key ("id"));`);
    this.addSql(`create index "substance_workspace_id_index" on "substance" ("workspace_id");`);
    this.addSql(`alter table "substance" add constraint "substance_workspace_id_short_name_unique" unique ("workspace_id", "short_name");`);

    this.addSql(`create table "source" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "short_name" varchar(20) not null, "name" varchar(200) not null, "custom_id" varchar(20) null, "active" boolean null, primary key ("id"));`);
    this.addSql(`create index "source_workspace_id_index" on "source" ("workspace_id");`);
    this.addSql(`alter table "source" add constraint "source_workspace_id_short_name_unique" unique ("workspace_id", "short_name");`);

    this.addSql(`create table "regimen" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "name" varchar(200) not null, "classification" text not null, "custom_id" varchar(50) null, "active" boolean not null, primary key ("id"));`);
    this.addSql(`create index "regimen_workspace_id_index" on "regimen" ("workspace_id");`);
    this.addSql(`create index "regimen_workspace_id_classification_index" on "regimen" ("workspace_id", "classification");`);
    this.addSql(`alter table "regimen" add constraint "regimen_workspace_id_name_unique" unique ("workspace_id", "name");`);

    this.addSql(`create table "product" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "type" text not null, "short_name" varchar(20) not null, "name" varchar(200) not null, "active" boolean not null, "custom_id" varchar(50) null, "category" text null, "line" text null, primary key ("id"));`);
    this.addSql(`create index "product_workspace_id_index" on "product" ("workspace_id");`);
    this.addSql(`create index "product_workspace_id_type_index" on "product" ("workspace_id", "type");`);
    this.addSql(`alter table "product" add constraint "product_workspace_id_short_name_unique" unique ("workspace_id", "short_name");`);

    this.addSql(`create table "regimen_medicines" ("id" uuid not null, "parent_id" uuid not null, "idx" int not null, "medicine_id" uuid not null, "default_dose_unit" int not null, "default_frequency" int not null, "ini_day" int not null, "days" int not null, primary key ("id"));`);
    this.addSql(`create index "regimen_medicines_parent_id_index" on "regimen_medicines" ("parent_id");`);
    this.addSql(`create index "regimen_medicines_medicine_id_index" on "regimen_medicines" ("medicine_id");`);

    this.addSql(`create table "product_substances" ("id" uuid not null, "parent_id" uuid not null, "idx" int not null, "value_id" uuid not null, primary key ("id"));`);
    this.addSql(`create index "product_substances_parent_id_index" on "product_substances" ("parent_id");`);
    this.addSql(`create index "product_substances_value_id_index" on "product_substances" ("value_id");`);

    this.addSql(`create table "patient" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "name" varchar(100) not null, "middle_name" varchar(100) null, "last_name" varchar(100) null, "gender" text not null, "birth_date" date null, primary key ("id"));`);
    this.addSql(`create index "patient_workspace_id_index" on "patient" ("workspace_id");`);
    this.addSql(`create index "patient_workspace_id_last_name_name_index" on "patient" ("workspace_id", "last_name", "name");`);
    this.addSql(`create index "patient_workspace_id_birth_date_index" on "patient" ("workspace_id", "birth_date");`);

    this.addSql(`create table "countrystructure" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "name" varchar(100) not null, "level" int not null, primary key ("id"));`);
    this.addSql(`create index "countrystructure_workspace_id_index" on "countrystructure" ("workspace_id");`);
    this.addSql(`alter table "countrystructure" add constraint "countrystructure_workspace_id_level_name_unique" unique ("workspace_id", "level", "name");`);

    this.addSql(`create table "agerange" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "ini_age" int not null, "end_age" int not null, "name" varchar(50) null, primary key ("id"));`);
    this.addSql(`create index "agerange_workspace_id_index" on "agerange" ("workspace_id");`);
    this.addSql(`alter table "agerange" add constraint "agerange_workspace_id_ini_age_unique" unique ("workspace_id", "ini_age");`);

    this.addSql(`create table "adminunit" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "name" varchar(200) not null, "parent_id" uuid null, "country_structure_id" uuid not null, "custom_id" varchar(50) null, "p0_id" uuid null, "p1_id" uuid null, "p2_id" uuid null, "p3_id" uuid null, "p4_id" uuid null, "level" int null, "units_count" int null, primary key ("id"));`);
    this.addSql(`create index "adminunit_workspace_id_index" on "adminunit" ("workspace_id");`);
    this.addSql(`create index "adminunit_parent_id_index" on "adminunit" ("parent_id");`);
    this.addSql(`create index "adminunit_country_structure_id_index" on "adminunit" ("country_structure_id");`);
    this.addSql(`create index "adminunit_p0_id_index" on "adminunit" ("p0_id");`);
    this.addSql(`create index "adminunit_p1_id_index" on "adminunit" ("p1_id");`);
    this.addSql(`create index "adminunit_p2_id_index" on "adminunit" ("p2_id");`);
    this.addSql(`create index "adminunit_p3_id_index" on "adminunit" ("p3_id");`);
    this.addSql(`create index "adminunit_p4_id_index" on "adminunit" ("p4_id");`);
    this.addSql(`create index "adminunit_workspace_id_level_index" on "adminunit" ("workspace_id", "level");`);
    this.addSql(`alter table "adminunit" add constraint "adminunit_workspace_id_parent_id_name_unique" unique ("workspace_id", "parent_id", "name");`);

    this.addSql(`create table "unit" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "type" text not null, "name" varchar(200) not null, "active" boolean not null, "address_address" varchar(200) null, "address_complement" varchar(200) null, "address_admin_unit_id" uuid not null, "address_zip_code" varchar(20) null, "custom_id" varchar(50) null, "receive_from_manufacturer" boolean null, "supplier_id" uuid null, "authorizer_id" uuid null, "num_days_order" int null, "tb_facility" boolean null, "drtb_facility" boolean null, "ntm_facility" boolean null, "notification_unit" boolean null, "perform_microscopy" boolean null, "perform_xpert" boolean null, "perform_culture" boolean null, "perform_dst" boolean null, primary key ("id"));`);
    this.addSql(`create index "unit_workspace_id_index" on "unit" ("workspace_id");`);
    this.addSql(`create index "unit_address_admin_unit_id_index" on "unit" ("address_admin_unit_id");`);
    this.addSql(`create index "unit_supplier_id_index" on "unit" ("supplier_id");`);
    this.addSql(`create index "unit_authorizer_id_index" on "unit" ("authorizer_id");`);
    this.addSql(`create index "unit_workspace_id_type_index" on "unit" ("workspace_id", "type");`);

    this.addSql(`create table "userws" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "unit_id" uuid not null, "comments" varchar(200) null, "play_other_units" boolean null, "administrator" boolean null, "view" text not null, "user_id" uuid null, primary key ("id"));`);
    this.addSql(`create index "userws_workspace_id_index" on "userws" ("workspace_id");`);
    this.addSql(`create index "userws_unit_id_index" on "userws" ("unit_id");`);
    this.addSql(`create index "userws_user_id_index" on "userws" ("user_id");`);
    this.addSql(`alter table "userws" add constraint "userws_workspace_id_user_id_unique" unique ("workspace_id", "user_id");`);

    this.addSql(`create table "userws_profiles" ("id" uuid not null, "parent_id" uuid not null, "idx" int not null, "value_id" uuid not null, primary key ("id"));`);
    this.addSql(`create index "userws_profiles_parent_id_index" on "userws_profiles" ("parent_id");`);
    this.addSql(`create index "userws_profiles_value_id_index" on "userws_profiles" ("value_id");`);

    this.addSql(`create table "syssession" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "token_hash" varchar(64) not null, "user_id" uuid not null, "userws_id" uuid null, "workspace_id" uuid not null, "login_date" timestamptz not null, "last_access" timestamptz not null, "logout_date" timestamptz null, "ip_address" varchar(64) null, "application" varchar(200) null, "language" varchar(10) null, primary key ("id"));`);
    this.addSql(`create index "syssession_user_id_index" on "syssession" ("user_id");`);
    this.addSql(`create index "syssession_userws_id_index" on "syssession" ("userws_id");`);
    this.addSql(`create index "syssession_workspace_id_index" on "syssession" ("workspace_id");`);
    this.addSql(`create index "syssession_login_date_index" on "syssession" ("login_date");`);
    this.addSql(`create index "syssession_last_access_index" on "syssession" ("last_access");`);
    this.addSql(`alter table "syssession" add constraint "syssession_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "tbcase" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "patient_id" uuid not null, "case_number" varchar(50) null, "owner_unit_id" uuid not null, "notification_unit_id" uuid null, "state" text not null, "diagnosis_type" text not null, "classification" text not null, "validated" boolean not null, "transferring" boolean not null, "registration_group" text null, "registration_date" date null, "diagnosis_date" date null, "ini_treatment_date" date null, "outcome_date" date null, "outcome" varchar(50) null, primary key ("id"));`);
    this.addSql(`create index "tbcase_workspace_id_index" on "tbcase" ("workspace_id");`);
    this.addSql(`create index "tbcase_patient_id_index" on "tbcase" ("patient_id");`);
    this.addSql(`create index "tbcase_owner_unit_id_index" on "tbcase" ("owner_unit_id");`);
    this.addSql(`create index "tbcase_notification_unit_id_index" on "tbcase" ("notification_unit_id");`);
    this.addSql(`create index "tbcase_workspace_id_state_index" on "tbcase" ("workspace_id", "state");`);
    this.addSql(`create index "tbcase_workspace_id_classification_diagnosis_type_index" on "tbcase" ("workspace_id", "classification", "diagnosis_type");`);
    this.addSql(`create index "tbcase_workspace_id_registration_date_index" on "tbcase" ("workspace_id", "registration_date");`);

    this.addSql(`create table "sysconfig" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "system_url" varchar(200) not null, "page_root_url" varchar(200) not null, "admin_mail" varchar(200) not null, "ula_active" boolean not null, "allow_reg_page" boolean null, "workspace_id" uuid null, "unit_id" uuid null, "user_profile_id" uuid null, primary key ("id"));`);
    this.addSql(`create index "sysconfig_workspace_id_index" on "sysconfig" ("workspace_id");`);
    this.addSql(`create index "sysconfig_unit_id_index" on "sysconfig" ("unit_id");`);
    this.addSql(`create index "sysconfig_user_profile_id_index" on "sysconfig" ("user_profile_id");`);

    this.addSql(`alter table "userprofile" add constraint "userprofile_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);

    this.addSql(`alter table "userprofile_permissions" add constraint "userprofile_permissions_parent_id_foreign" foreign key ("parent_id") references "userprofile" ("id") on delete cascade;`);

    this.addSql(`alter table "tag" add constraint "tag_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);

    this.addSql(`alter table "substance" add constraint "substance_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);

    this.addSql(`alter table "source" add constraint "source_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);

    this.addSql(`alter table "regimen" add constraint "regimen_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);

    this.addSql(`alter table "product" add constraint "product_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);

    this.addSql(`alter table "regimen_medicines" add constraint "regimen_medicines_parent_id_foreign" foreign key ("parent_id") references "regimen" ("id") on delete cascade;`);
    this.addSql(`alter table "regimen_medicines" add constraint "regimen_medicines_medicine_id_foreign" foreign key ("medicine_id") references "product" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "product_substances" add constraint "product_substances_parent_id_foreign" foreign key ("parent_id") references "product" ("id") on delete cascade;`);
    this.addSql(`alter table "product_substances" add constraint "product_substances_value_id_foreign" foreign key ("value_id") references "substance" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "patient" add constraint "patient_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);

    this.addSql(`alter table "countrystructure" add constraint "countrystructure_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);

    this.addSql(`alter table "agerange" add constraint "agerange_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);

    this.addSql(`alter table "adminunit" add constraint "adminunit_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "adminunit" add constraint "adminunit_parent_id_foreign" foreign key ("parent_id") references "adminunit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "adminunit" add constraint "adminunit_country_structure_id_foreign" foreign key ("country_structure_id") references "countrystructure" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "adminunit" add constraint "adminunit_p0_id_foreign" foreign key ("p0_id") references "adminunit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "adminunit" add constraint "adminunit_p1_id_foreign" foreign key ("p1_id") references "adminunit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "adminunit" add constraint "adminunit_p2_id_foreign" foreign key ("p2_id") references "adminunit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "adminunit" add constraint "adminunit_p3_id_foreign" foreign key ("p3_id") references "adminunit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "adminunit" add constraint "adminunit_p4_id_foreign" foreign key ("p4_id") references "adminunit" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "unit" add constraint "unit_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "unit" add constraint "unit_address_admin_unit_id_foreign" foreign key ("address_admin_unit_id") references "adminunit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "unit" add constraint "unit_supplier_id_foreign" foreign key ("supplier_id") references "source" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "unit" add constraint "unit_authorizer_id_foreign" foreign key ("authorizer_id") references "unit" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "userws" add constraint "userws_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "userws" add constraint "userws_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "userws" add constraint "userws_user_id_foreign" foreign key ("user_id") references "sysuser" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "userws_profiles" add constraint "userws_profiles_parent_id_foreign" foreign key ("parent_id") references "userws" ("id") on delete cascade;`);
    this.addSql(`alter table "userws_profiles" add constraint "userws_profiles_value_id_foreign" foreign key ("value_id") references "userprofile" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "syssession" add constraint "syssession_user_id_foreign" foreign key ("user_id") references "sysuser" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "syssession" add constraint "syssession_userws_id_foreign" foreign key ("userws_id") references "userws" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "syssession" add constraint "syssession_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "tbcase" add constraint "tbcase_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "tbcase" add constraint "tbcase_patient_id_foreign" foreign key ("patient_id") references "patient" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "tbcase" add constraint "tbcase_owner_unit_id_foreign" foreign key ("owner_unit_id") references "unit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "tbcase" add constraint "tbcase_notification_unit_id_foreign" foreign key ("notification_unit_id") references "unit" ("id") on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "sysconfig" add constraint "sysconfig_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "sysconfig" add constraint "sysconfig_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "sysconfig" add constraint "sysconfig_user_profile_id_foreign" foreign key ("user_profile_id") references "userprofile" ("id") on delete no action deferrable initially immediate;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "userws" drop constraint "userws_user_id_foreign";`);
    this.addSql(`alter table "syssession" drop constraint "syssession_user_id_foreign";`);
    this.addSql(`alter table "userprofile" drop constraint "userprofile_workspace_id_foreign";`);
    this.addSql(`alter table "tag" drop constraint "tag_workspace_id_foreign";`);
    this.addSql(`alter table "substance" drop constraint "substance_workspace_id_foreign";`);
    this.addSql(`alter table "source" drop constraint "source_workspace_id_foreign";`);
    this.addSql(`alter table "regimen" drop constraint "regimen_workspace_id_foreign";`);
    this.addSql(`alter table "product" drop constraint "product_workspace_id_foreign";`);
    this.addSql(`alter table "patient" drop constraint "patient_workspace_id_foreign";`);
    this.addSql(`alter table "countrystructure" drop constraint "countrystructure_workspace_id_foreign";`);
    this.addSql(`alter table "agerange" drop constraint "agerange_workspace_id_foreign";`);
    this.addSql(`alter table "adminunit" drop constraint "adminunit_workspace_id_foreign";`);
    this.addSql(`alter table "unit" drop constraint "unit_workspace_id_foreign";`);
    this.addSql(`alter table "userws" drop constraint "userws_workspace_id_foreign";`);
    this.addSql(`alter table "syssession" drop constraint "syssession_workspace_id_foreign";`);
    this.addSql(`alter table "tbcase" drop constraint "tbcase_workspace_id_foreign";`);
    this.addSql(`alter table "sysconfig" drop constraint "sysconfig_workspace_id_foreign";`);
    this.addSql(`alter table "userprofile_permissions" drop constraint "userprofile_permissions_parent_id_foreign";`);
    this.addSql(`alter table "userws_profiles" drop constraint "userws_profiles_value_id_foreign";`);
    this.addSql(`alter table "sysconfig" drop constraint "sysconfig_user_profile_id_foreign";`);
    this.addSql(`alter table "product_substances" drop constraint "product_substances_value_id_foreign";`);
    this.addSql(`alter table "unit" drop constraint "unit_supplier_id_foreign";`);
    this.addSql(`alter table "regimen_medicines" drop constraint "regimen_medicines_parent_id_foreign";`);
    this.addSql(`alter table "regimen_medicines" drop constraint "regimen_medicines_medicine_id_foreign";`);
    this.addSql(`alter table "product_substances" drop constraint "product_substances_parent_id_foreign";`);
    this.addSql(`alter table "tbcase" drop constraint "tbcase_patient_id_foreign";`);
    this.addSql(`alter table "adminunit" drop constraint "adminunit_country_structure_id_foreign";`);
    this.addSql(`alter table "adminunit" drop constraint "adminunit_parent_id_foreign";`);
    this.addSql(`alter table "adminunit" drop constraint "adminunit_p0_id_foreign";`);
    this.addSql(`alter table "adminunit" drop constraint "adminunit_p1_id_foreign";`);
    this.addSql(`alter table "adminunit" drop constraint "adminunit_p2_id_foreign";`);
    this.addSql(`alter table "adminunit" drop constraint "adminunit_p3_id_foreign";`);
    this.addSql(`alter table "adminunit" drop constraint "adminunit_p4_id_foreign";`);
    this.addSql(`alter table "unit" drop constraint "unit_address_admin_unit_id_foreign";`);
    this.addSql(`alter table "unit" drop constraint "unit_authorizer_id_foreign";`);
    this.addSql(`alter table "userws" drop constraint "userws_unit_id_foreign";`);
    this.addSql(`alter table "tbcase" drop constraint "tbcase_owner_unit_id_foreign";`);
    this.addSql(`alter table "tbcase" drop constraint "tbcase_notification_unit_id_foreign";`);
    this.addSql(`alter table "sysconfig" drop constraint "sysconfig_unit_id_foreign";`);
    this.addSql(`alter table "userws_profiles" drop constraint "userws_profiles_parent_id_foreign";`);
    this.addSql(`alter table "syssession" drop constraint "syssession_userws_id_foreign";`);

    this.addSql(`drop table if exists "cmdhistory" cascade;`);
    this.addSql(`drop table if exists "errorlog" cascade;`);
    this.addSql(`drop table if exists "loginattempt" cascade;`);
    this.addSql(`drop table if exists "sysuser" cascade;`);
    this.addSql(`drop table if exists "workspace" cascade;`);
    this.addSql(`drop table if exists "userprofile" cascade;`);
    this.addSql(`drop table if exists "userprofile_permissions" cascade;`);
    this.addSql(`drop table if exists "tag" cascade;`);
    this.addSql(`drop table if exists "substance" cascade;`);
    this.addSql(`drop table if exists "source" cascade;`);
    this.addSql(`drop table if exists "regimen" cascade;`);
    this.addSql(`drop table if exists "product" cascade;`);
    this.addSql(`drop table if exists "regimen_medicines" cascade;`);
    this.addSql(`drop table if exists "product_substances" cascade;`);
    this.addSql(`drop table if exists "patient" cascade;`);
    this.addSql(`drop table if exists "countrystructure" cascade;`);
    this.addSql(`drop table if exists "agerange" cascade;`);
    this.addSql(`drop table if exists "adminunit" cascade;`);
    this.addSql(`drop table if exists "unit" cascade;`);
    this.addSql(`drop table if exists "userws" cascade;`);
    this.addSql(`drop table if exists "userws_profiles" cascade;`);
    this.addSql(`drop table if exists "syssession" cascade;`);
    this.addSql(`drop table if exists "tbcase" cascade;`);
    this.addSql(`drop table if exists "sysconfig" cascade;`);
  }

}
