import { Migration } from '@mikro-orm/migrations';

export class Migration20261123174044_invitation_account extends Migration {

  override name = 'Migration20261123174044_invitation_account';

  override up(): void | Promise<void> {
    this.addSql(`alter table "userws" add "invite_login" varchar(30) null, add "invite_user_id" uuid null;`);
    this.addSql(`alter table "userws" add constraint "userws_invite_user_id_foreign" foreign key ("invite_user_id") references "sysuser" ("id") on delete cascade deferrable initially immediate;`);
    this.addSql(`create index "userws_invite_user_id_index" on "userws" ("invite_user_id");`);
    // Invitations made before: unlinked from the account until accepted.
    this.addSql(`update "userws" set "invite_user_id" = "user_id", "invite_login" = (select "login" from "sysuser" where "id" = "userws"."user_id"), "user_id" = null where "pending";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "userws" drop constraint "userws_invite_user_id_foreign";`);

    this.addSql(`drop index "userws_invite_user_id_index";`);
    this.addSql(`alter table "userws" drop column "invite_login", drop column "invite_user_id";`);
  }

}
