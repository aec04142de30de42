import { Migration } from '@mikro-orm/migrations';

export class Migration20261129204015_import_row_new_patient extends Migration {

  override name = 'Migration20261129204015_import_row_new_patient';

  override up(): void | Promise<void> {
    this.addSql(`alter table "importrow" add "new_patient_key" text null, add "new_patient_birth_date" date null, add "new_patient_last_name" text null, add "new_patient_name" text null;`);
    this.addSql(`create index "importrow_job_id_new_patient_key_index" on "importrow" ("job_id", "new_patient_key");`);
    this.addSql(`create index "importrow_job_id_new_patient_birth_date_index" on "importrow" ("job_id", "new_patient_birth_date");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "importrow_job_id_new_patient_key_index";`);
    this.addSql(`drop index "importrow_job_id_new_patient_birth_date_index";`);
    this.addSql(`alter table "importrow" drop column "new_patient_key", drop column "new_patient_birth_date", drop column "new_patient_last_name", drop column "new_patient_name";`);
  }

}
