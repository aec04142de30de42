import { Migration } from '@mikro-orm/migrations';

export class Migration20261123112734_unit_supplier_is_a_unit extends Migration {

  override name = 'Migration20261123112734_unit_supplier_is_a_unit';

  override up(): void | Promise<void> {
    this.addSql(`alter table "unit" drop constraint "unit_supplier_id_foreign";`);
    // A unit's supplier is now a unit, no longer a source: drop the old source ids.
    this.addSql(`update "unit" set "supplier_id" = null where "supplier_id" not in (select "id" from "unit");`);

    this.addSql(`alter table "unit" add constraint "unit_supplier_id_foreign" foreign key ("supplier_id") references "unit" ("id") on delete no action deferrable initially immediate;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "unit" drop constraint "unit_supplier_id_foreign";`);
    this.addSql(`update "unit" set "supplier_id" = null;`);

    this.addSql(`alter table "unit" add constraint "unit_supplier_id_foreign" foreign key ("supplier_id") references "source" ("id") on update no action on delete no action deferrable initially immediate;`);
  }

}
