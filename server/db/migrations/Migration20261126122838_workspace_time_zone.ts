import { Migration } from '@mikro-orm/migrations';

export class Migration20261126122838_workspace_time_zone extends Migration {

  override name = 'Migration20261126122838_workspace_time_zone';

  override up(): void | Promise<void> {
    this.addSql(`alter table "workspace" add "time_zone" varchar(64) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "workspace" drop column "time_zone";`);
  }

}
