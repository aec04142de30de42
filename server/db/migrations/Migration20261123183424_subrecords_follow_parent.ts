import { Migration } from '@mikro-orm/migrations';

export class Migration20261123183424_subrecords_follow_parent extends Migration {

  override name = 'Migration20261123183424_subrecords_follow_parent';

  override up(): void | Promise<void> {
    this.addSql(`alter table "medexam" drop constraint "medexam_case_id_foreign";`);

    this.addSql(`alter table "examxray" drop constraint "examxray_case_id_foreign";`);

    this.addSql(`alter table "examhiv" drop constraint "examhiv_case_id_foreign";`);

    this.addSql(`alter table "examxpert" drop constraint "examxpert_case_id_foreign";`);

    this.addSql(`alter table "exammic" drop constraint "exammic_case_id_foreign";`);

    this.addSql(`alter table "examdst" drop constraint "examdst_case_id_foreign";`);

    this.addSql(`alter table "examcul" drop constraint "examcul_case_id_foreign";`);

    this.addSql(`alter table "medexam" add constraint "medexam_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete cascade deferrable initially immediate;`);

    this.addSql(`alter table "examxray" add constraint "examxray_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete cascade deferrable initially immediate;`);

    this.addSql(`alter table "examhiv" add constraint "examhiv_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete cascade deferrable initially immediate;`);

    this.addSql(`alter table "examxpert" add constraint "examxpert_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete cascade deferrable initially immediate;`);

    this.addSql(`alter table "exammic" add constraint "exammic_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete cascade deferrable initially immediate;`);

    this.addSql(`alter table "examdst" add constraint "examdst_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete cascade deferrable initially immediate;`);

    this.addSql(`alter table "examcul" add constraint "examcul_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete cascade deferrable initially immediate;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "examcul" drop constraint "examcul_case_id_foreign";`);

    this.addSql(`alter table "examdst" drop constraint "examdst_case_id_foreign";`);

    this.addSql(`alter table "examhiv" drop constraint "examhiv_case_id_foreign";`);

    this.addSql(`alter table "exammic" drop constraint "exammic_case_id_foreign";`);

    this.addSql(`alter table "examxpert" drop constraint "examxpert_case_id_foreign";`);

    this.addSql(`alter table "examxray" drop constraint "examxray_case_id_foreign";`);

    this.addSql(`alter table "medexam" drop constraint "medexam_case_id_foreign";`);

    this.addSql(`alter table "examcul" add constraint "examcul_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on update no action on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "examdst" add constraint "examdst_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on update no action on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "examhiv" add constraint "examhiv_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on update no action on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "exammic" add constraint "exammic_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on update no action on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "examxpert" add constraint "examxpert_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on update no action on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "examxray" add constraint "examxray_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on update no action on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "medexam" add constraint "medexam_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on update no action on delete no action deferrable initially immediate;`);
  }

}
