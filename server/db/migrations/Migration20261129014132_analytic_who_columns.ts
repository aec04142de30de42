import { Migration } from '@mikro-orm/migrations';

export class Migration20261129014132_analytic_who_columns extends Migration {

  override name = 'Migration20261129014132_analytic_who_columns';

  override up(): void | Promise<void> {
    this.addSql(`alter table "caseanalytic" add "culture_reversion_date" date null, add "hiv_status" text null, add "art_started" boolean null, add "cpt_started" boolean null;`);
    this.addSql(`create index "caseanalytic_registration_date_notification_unit_id_idx" on "caseanalytic" ("workspace_id", "registration_date", "notification_unit_id");`);
    this.addSql(`create index "caseanalytic_ini_treatment_date_notification_unit_id_idx" on "caseanalytic" ("workspace_id", "ini_treatment_date", "notification_unit_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "caseanalytic_registration_date_notification_unit_id_idx";`);
    this.addSql(`drop index "caseanalytic_ini_treatment_date_notification_unit_id_idx";`);
    this.addSql(`alter table "caseanalytic" drop column "culture_reversion_date", drop column "hiv_status", drop column "art_started", drop column "cpt_started";`);
  }

}
