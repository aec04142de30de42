import { Migration } from '@mikro-orm/migrations';

/**
 * `tb_edits_upto1(a, b)`: 0 when two words are equal, 1 when one typing error apart (a letter
 * changed, added or dropped, or two neighbours swapped), else 2 — the patient search ranks the keys
 * within one typing error of the name typed above those merely sharing its words' beginnings
 * (cases/notify/patient-search.ts). Plain SQL, so PGlite runs it too.
 */
export class Migration20261126134000_name_typing_error extends Migration {
  override name = 'Migration20261126134000_name_typing_error';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function tb_edits_upto1(a text, b text) returns int immutable parallel safe language sql as $$
      select case
        when a = b then 0
        when abs(length(a) - length(b)) > 1 then 2
        when exists (select 1 from generate_series(0, length(a)) as g(i)
                      where left(a, i) = left(b, i) and (
                            substr(a, i + 2) = substr(b, i + 2)
                         or substr(a, i + 2) = substr(b, i + 1)
                         or substr(a, i + 1) = substr(b, i + 2)
                         or (substr(a, i + 1, 1) = substr(b, i + 2, 1) and substr(a, i + 2, 1) = substr(b, i + 1, 1)
                             and substr(a, i + 3) = substr(b, i + 3)))) then 1
        else 2 end $$;`);
  }

  override down(): void | Promise<void> {
    this.addSql('drop function if exists tb_edits_upto1(text, text);');
  }
}
