import { Migration } from '@mikro-orm/migrations';

export class Migration20261129033141_sync_conflict_sides extends Migration {

  override name = 'Migration20261129033141_sync_conflict_sides';

  override up(): void | Promise<void> {
    this.addSql(`alter table "syncconflict" add "server_user_id" uuid null, add "server_changed_at" timestamptz null;`);

    this.addSql(`alter table "syncclient" add "conflicts" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "syncclient" drop column "conflicts";`);
    this.addSql(`alter table "syncconflict" drop column "server_user_id", drop column "server_changed_at";`);
  }

}
