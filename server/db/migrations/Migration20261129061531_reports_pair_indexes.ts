import { Migration } from '@mikro-orm/migrations';

export class Migration20261129061531_reports_pair_indexes extends Migration {

  override name = 'Migration20261129061531_reports_pair_indexes';

  override up(): void | Promise<void> {
    this.addSql(`create index "caseanalytic_diagnosis_type_age_range_idx" on "caseanalytic" ("workspace_id", "diagnosis_type", "age_range");`);
    this.addSql(`create index "caseanalytic_state_outcome_age_range_idx" on "caseanalytic" ("workspace_id", "state", "outcome", "age_range");`);
    this.addSql(`create index "caseanalytic_registration_group_owner_unit_area2_idx" on "caseanalytic" ("workspace_id", "registration_group", "owner_unit_area2");`);
    this.addSql(`create index "caseanalytic_hiv_status_registration_date_idx" on "caseanalytic" ("workspace_id", "hiv_status", "registration_date");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "caseanalytic_diagnosis_type_age_range_idx";`);
    this.addSql(`drop index "caseanalytic_state_outcome_age_range_idx";`);
    this.addSql(`drop index "caseanalytic_registration_group_owner_unit_area2_idx";`);
    this.addSql(`drop index "caseanalytic_hiv_status_registration_date_idx";`);
  }

}
