import { Migration } from '@mikro-orm/migrations';

export class Migration20261123171826_privileges extends Migration {

  override name = 'Migration20261123171826_privileges';

  override up(): void | Promise<void> {
    this.addSql(`alter table "sysuser" add "sysadmin" boolean null;`);
    // Until now every workspace administrator held the system settings. The installation's system
    // administrators are those of its first workspace (the demo's ADMIN); the others keep their
    // workspaces only.
    this.addSql(`update "sysuser" set "sysadmin" = true where "id" in (select "user_id" from "userws" where "administrator" and "workspace_id" = (select "id" from "workspace" order by "created_at", "id" limit 1));`);

    this.addSql(`alter table "userws" add "pending" boolean null, add "invite_name" varchar(200) null, add "invite_email" varchar(100) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sysuser" drop column "sysadmin";`);

    this.addSql(`alter table "userws" drop column "pending", drop column "invite_name", drop column "invite_email";`);
  }

}
