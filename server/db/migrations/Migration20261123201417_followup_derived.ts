import { Migration } from '@mikro-orm/migrations';

export class Migration20261123201417_followup_derived extends Migration {

  override name = 'Migration20261123201417_followup_derived';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tbcase" add "microscopy_result" text null, add "microscopy_date" date null, add "xpert_result" text null, add "xpert_date" date null, add "culture_conversion_date" date null, add "culture_reversion_date" date null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tbcase" drop column "microscopy_result", drop column "microscopy_date", drop column "xpert_result", drop column "xpert_date", drop column "culture_conversion_date", drop column "culture_reversion_date";`);
  }

}
