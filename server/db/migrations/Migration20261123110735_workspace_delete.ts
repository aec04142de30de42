import { Migration } from '@mikro-orm/migrations';

export class Migration20261123110735_workspace_delete extends Migration {

  override name = 'Migration20261123110735_workspace_delete';

  override up(): void | Promise<void> {
    this.addSql(`alter table "syssession" drop constraint "syssession_workspace_id_foreign";`);

    this.addSql(`alter table "sysconfig" drop constraint "sysconfig_unit_id_foreign";`);
    this.addSql(`alter table "sysconfig" drop constraint "sysconfig_user_profile_id_foreign";`);
    this.addSql(`alter table "sysconfig" drop constraint "sysconfig_workspace_id_foreign";`);

    this.addSql(`alter table "syssession" add constraint "syssession_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade deferrable initially immediate;`);

    this.addSql(`alter table "sysconfig" add constraint "sysconfig_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on delete set null deferrable initially immediate;`);
    this.addSql(`alter table "sysconfig" add constraint "sysconfig_user_profile_id_foreign" foreign key ("user_profile_id") references "userprofile" ("id") on delete set null deferrable initially immediate;`);
    this.addSql(`alter table "sysconfig" add constraint "sysconfig_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete set null deferrable initially immediate;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sysconfig" drop constraint "sysconfig_workspace_id_foreign";`);
    this.addSql(`alter table "sysconfig" drop constraint "sysconfig_unit_id_foreign";`);
    this.addSql(`alter table "sysconfig" drop constraint "sysconfig_user_profile_id_foreign";`);

    this.addSql(`alter table "syssession" drop constraint "syssession_workspace_id_foreign";`);

    this.addSql(`alter table "sysconfig" add constraint "sysconfig_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update no action on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "sysconfig" add constraint "sysconfig_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on update no action on delete no action deferrable initially immediate;`);
    this.addSql(`alter table "sysconfig" add constraint "sysconfig_user_profile_id_foreign" foreign key ("user_profile_id") references "userprofile" ("id") on update no action on delete no action deferrable initially immediate;`);

    this.addSql(`alter table "syssession" add constraint "syssession_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on update no action on delete no action deferrable initially immediate;`);
  }

}
