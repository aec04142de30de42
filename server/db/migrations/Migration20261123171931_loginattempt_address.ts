import { Migration } from '@mikro-orm/migrations';

export class Migration20261123171931_loginattempt_address extends Migration {

  override name = 'Migration20261123171931_loginattempt_address';

  override up(): void | Promise<void> {
    this.addSql(`create index "loginattempt_ip_address_attempt_date_index" on "loginattempt" ("ip_address", "attempt_date");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "loginattempt_ip_address_attempt_date_index";`);
  }

}
