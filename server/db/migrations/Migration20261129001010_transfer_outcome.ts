import { Migration } from '@mikro-orm/migrations';

/**
 * How the unit that notified a case reports the outcome of a case transferred out of it
 * (schemas/workspace.json transferOutcome, reports/who/rules.ts). None set: not evaluated, as WHO's
 * outcome form counts a transfer whose outcome the unit does not know.
 */

export class Migration20261129001010_transfer_outcome extends Migration {

  override name = 'Migration20261129001010_transfer_outcome';

  override up(): void | Promise<void> {
    this.addSql(`alter table "workspace" add "transfer_outcome" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "workspace" drop column "transfer_outcome";`);
  }

}
