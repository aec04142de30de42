import { Migration } from '@mikro-orm/migrations';

/**
 * Deleting a tag cascades to its case links, whose delete trigger took them off `casetagcount` by
 * an upsert — which re-created a count row for the tag being deleted and broke its foreign key
 * ('Запись используется…'). Links of a tag that is gone are not counted back: its count rows go
 * with the tag.
 */
export class Migration20261123211500_tagcount_tag_delete extends Migration {
  override name = 'Migration20261123211500_tagcount_tag_delete';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function tb_casetagcount_del() returns trigger language plpgsql as $$ begin
    insert into casetagcount as c (id, workspace_id, unit_id, tag_id, n)
    select gen_random_uuid(), r.workspace_id, r.unit_id, r.tag_id, sum(r.k)
      from (select -1 as k, t.workspace_id, t.owner_unit_id as unit_id, l.tag_id
              from old_rows l join tbcase t on t.id = l.case_id join tag g on g.id = l.tag_id) r
     group by r.workspace_id, r.unit_id, r.tag_id
    having sum(r.k) <> 0
    on conflict (workspace_id, unit_id, tag_id) do update set n = c.n + excluded.n;
    return null; end $$;`);
  }
}
