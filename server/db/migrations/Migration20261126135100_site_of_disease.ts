import { Migration } from '@mikro-orm/migrations';

/**
 * The site of disease as WHO counts it: a case with both pulmonary and extrapulmonary disease is
 * pulmonary (the value BOTH goes), and an extrapulmonary case names its form in a column of its own.
 */
export class Migration20261126135100_site_of_disease extends Migration {

  override name = 'Migration20261126135100_site_of_disease';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tbcase" add "extrapulmonary_form" text null;`);
    this.addSql(`update "tbcase" set "infection_site" = 'PULMONARY' where "infection_site" = 'BOTH';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tbcase" drop column "extrapulmonary_form";`);
  }

}
