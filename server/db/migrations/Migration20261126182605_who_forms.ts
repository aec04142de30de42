import { Migration } from '@mikro-orm/migrations';

/**
 * The WHO quarterly forms: the case's basis of diagnosis (bacteriologically confirmed or
 * clinically diagnosed), and an index of the cases by registration date and notifying unit — the
 * forms select a quarter's registrations of the units in a place by it.
 */
export class Migration20261126182605_who_forms extends Migration {

  override name = 'Migration20261126182605_who_forms';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tbcase" add "diagnosis_basis" text null;`);
    this.addSql(`create index "tbcase_workspace_id_registration_date_notification_b529a_index" on "tbcase" ("workspace_id", "registration_date", "notification_unit_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "tbcase_workspace_id_registration_date_notification_b529a_index";`);
    this.addSql(`alter table "tbcase" drop column "diagnosis_basis";`);
  }

}
