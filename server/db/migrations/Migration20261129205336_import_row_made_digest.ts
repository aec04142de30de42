import { Migration } from '@mikro-orm/migrations';

export class Migration20261129205336_import_row_made_digest extends Migration {

  override name = 'Migration20261129205336_import_row_made_digest';

  override up(): void | Promise<void> {
    this.addSql(`alter table "importrow" add "made_digest" text null;`);
    this.addSql(`create index "importrow_job_id_made_digest_index" on "importrow" ("job_id", "made_digest");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "importrow_job_id_made_digest_index";`);
    this.addSql(`alter table "importrow" drop column "made_digest";`);
  }

}
