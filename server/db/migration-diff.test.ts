// A new migration's down() keeps only what undoes its up(): the schema diff's stubs of the hand-made
// triggers and functions (`begin ; end;`) would overwrite the real ones on a rollback.
import { expect, test } from 'vitest';
import { withoutForeignRoutines } from './migration-diff.ts';

const migration = (down: string) => `export class M extends Migration {
  override up(): void | Promise<void> {
    this.addSql(\`create table "x" ("id" uuid not null);\`);
    this.addSql(\`drop trigger if exists "own_trg" on "x";\`);
  }

  override down(): void | Promise<void> {
${down}
  }

}
`;

test('drops the stubs of routines up() never touched, keeps the rest and what up() dropped', () => {
  const text = migration([
    '    this.addSql(`drop table if exists "x" cascade;`);',
    '',
    '    this.addSql(`create or replace function "patient_words_fn"() returns trigger as \\$\\$ begin ; end; \\$\\$ language plpgsql;`);',
    '    this.addSql(`create trigger "patient_words_ins" AFTER INSERT on "patient" for each STATEMENT execute function "patient_words_fn"();`);',
    '    this.addSql(`create or replace function "tb_edits_upto1"("a" text) returns integer as \\$\\$ begin',
    '        return 2; end \\$\\$;`);',
    '    this.addSql(`create trigger "own_trg" AFTER INSERT on "x" for each ROW execute function "f"();`);',
  ].join('\n'));
  expect(withoutForeignRoutines(text)).toBe(migration([
    '    this.addSql(`drop table if exists "x" cascade;`);',
    '    this.addSql(`create trigger "own_trg" AFTER INSERT on "x" for each ROW execute function "f"();`);',
  ].join('\n')));
});

test('a migration without down() is left as it is', () => {
  expect(withoutForeignRoutines('export class M {}\n')).toBe('export class M {}\n');
});
