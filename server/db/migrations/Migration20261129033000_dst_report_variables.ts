import { Migration } from '@mikro-orm/migrations';

export class Migration20261129033000_dst_report_variables extends Migration {

  override name = 'Migration20261129033000_dst_report_variables';

  override up(): void | Promise<void> {
    this.addSql(`alter table "caseanalytic" add "dst_h" text null, add "dst_r" text null, add "dst_lfx" text null, add "dst_ofx" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "caseanalytic" drop column "dst_h", drop column "dst_r", drop column "dst_lfx", drop column "dst_ofx";`);
  }

}
