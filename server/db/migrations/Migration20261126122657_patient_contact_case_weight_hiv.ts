import { Migration } from '@mikro-orm/migrations';

export class Migration20261126122657_patient_contact_case_weight_hiv extends Migration {

  override name = 'Migration20261126122657_patient_contact_case_weight_hiv';

  override up(): void | Promise<void> {
    this.addSql(`alter table "patient" add "address_admin_unit_id" uuid null, add "address_street" varchar(200) null, add "address_house" varchar(20) null, add "address_apartment" varchar(20) null, add "phone" varchar(30) null, add "contact_phone" varchar(30) null;`);
    this.addSql(`alter table "patient" add constraint "patient_address_admin_unit_id_foreign" foreign key ("address_admin_unit_id") references "adminunit" ("id") on delete no action deferrable initially immediate;`);
    this.addSql(`create index "patient_address_admin_unit_id_index" on "patient" ("address_admin_unit_id");`);
    this.addSql(`create index "patient_phone_trgm" on "patient" using gin ("phone" gin_trgm_ops);`);

    this.addSql(`alter table "tbcase" add "weight" double precision null, add "weight_date" date null, add "hiv_result" text null, add "hiv_date" date null;`);
    // the new derived columns of the cases that already have exams (cases/followups/derived.ts: newest by date, then id)
    this.addSql(`update "tbcase" c set "weight" = m."weight", "weight_date" = m."date" from (select distinct on ("case_id") "case_id", "weight", "date" from "medexam" order by "case_id", "date" desc, "id" desc) m where m."case_id" = c."id";`);
    this.addSql(`update "tbcase" c set "hiv_result" = h."result", "hiv_date" = h."date" from (select distinct on ("case_id") "case_id", "result", "date" from "examhiv" order by "case_id", "date" desc, "id" desc) h where h."case_id" = c."id";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tbcase" drop column "weight", drop column "weight_date", drop column "hiv_result", drop column "hiv_date";`);
    this.addSql(`alter table "patient" drop constraint "patient_address_admin_unit_id_foreign";`);
    this.addSql(`drop index "patient_address_admin_unit_id_index";`);
    this.addSql(`drop index "patient_phone_trgm";`);
    this.addSql(`alter table "patient" drop column "address_admin_unit_id", drop column "address_street", drop column "address_house", drop column "address_apartment", drop column "phone", drop column "contact_phone";`);
  }

}
