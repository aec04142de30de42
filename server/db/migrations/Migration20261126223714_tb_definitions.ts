import { Migration } from '@mikro-orm/migrations';

/**
 * The WHO definitions a workspace follows where 2013 and 2021 differ (schemas/workspace.json
 * tbDefinitions). A new workspace follows 2021; the workspaces already there keep 2013, the rule their
 * cases' conversion dates were computed by (two negative cultures 30 days apart), until an
 * administrator switches, which recomputes them.
 */
export class Migration20261126223714_tb_definitions extends Migration {

  override name = 'Migration20261126223714_tb_definitions';

  override up(): void | Promise<void> {
    this.addSql(`alter table "workspace" add "tb_definitions" text null;`);
    this.addSql(`update "workspace" set "tb_definitions" = 'WHO2013';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "workspace" drop column if exists "tb_definitions";`);
  }

}
