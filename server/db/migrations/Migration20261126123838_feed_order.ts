import { Migration } from '@mikro-orm/migrations';

/**
 * The change feed without a per-workspace counter (docs/sync-feed.md): a change row carries the key
 * of its transaction (`tx_key`, from pg_current_xact_id) and a number from the plain sequence
 * `changelog_seq`, and says where it placed its row (`units`, `kept`). The workspace counter row
 * `changeseq`, which every writer of a workspace waited for, is gone. Rows written before keep their
 * numbers under key 0, so they read first; the sequence starts past every number already used.
 */
export class Migration20261126123838_feed_order extends Migration {
  override name = 'Migration20261126123838_feed_order';

  override up(): void | Promise<void> {
    this.addSql(`drop table if exists "changeseq" cascade;`);
    this.addSql(`alter table "changelog" add "tx_key" bigint not null default 0, add "units" jsonb null, add "kept" jsonb null;`);
    this.addSql(`alter table "changelog" alter column "tx_key" drop default;`);
    this.addSql(`alter table "changelog" alter column "seq" type bigint using ("seq"::bigint);`);
    this.addSql(`create index "changelog_workspace_id_tx_key_seq_index" on "changelog" ("workspace_id", "tx_key", "seq");`);
    this.addSql(`create sequence if not exists "changelog_seq" as bigint;`);
    this.addSql(`select setval('changelog_seq', (select coalesce(max(seq), 0) + 1 from changelog), false);`);
  }
}
