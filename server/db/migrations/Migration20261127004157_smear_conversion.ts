import { Migration } from '@mikro-orm/migrations';

export class Migration20261127004157_smear_conversion extends Migration {

  override name = 'Migration20261127004157_smear_conversion';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tbcase" add "smear_conversion_date" date null, add "smear_reversion_date" date null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tbcase" drop column "smear_conversion_date", drop column "smear_reversion_date";`);
  }

}
