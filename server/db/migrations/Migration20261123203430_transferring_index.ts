import { Migration } from '@mikro-orm/migrations';

export class Migration20261123203430_transferring_index extends Migration {

  override name = 'Migration20261123203430_transferring_index';

  override up(): void | Promise<void> {
    this.addSql(`create index "tbcase_workspace_id_transferring_registration_date_index" on "tbcase" ("workspace_id", "transferring", "registration_date");`);
    this.addSql(`create index "tbcase_workspace_id_owner_unit_id_transferring_reg_84d55_index" on "tbcase" ("workspace_id", "owner_unit_id", "transferring", "registration_date");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "tbcase_workspace_id_transferring_registration_date_index";`);
    this.addSql(`drop index "tbcase_workspace_id_owner_unit_id_transferring_reg_84d55_index";`);
  }

}
