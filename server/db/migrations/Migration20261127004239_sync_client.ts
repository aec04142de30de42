import { Migration } from '@mikro-orm/migrations';

export class Migration20261127004239_sync_client extends Migration {

  override name = 'Migration20261127004239_sync_client';

  override up(): void | Promise<void> {
    this.addSql(`create table "syncclient" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "server_url" varchar(500) not null, "unit_id" uuid not null, "phase" text not null, "counts" jsonb null, "error" varchar(2000) null, "feed_position" varchar(40) null, "local_seq" bigint null, "send_up_to" bigint null, "last_sync_at" timestamptz null, "rejected" jsonb null, primary key ("id"));`);
    this.addSql(`create index "syncclient_workspace_id_index" on "syncclient" ("workspace_id");`);

    this.addSql(`alter table "syncclient" add constraint "syncclient_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "syncclient" cascade;`);

    this.addSql(`create or replace function "casetag_casetag_count_del_fn"() returns trigger as \$\$ begin ; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "casetag_count_del" AFTER DELETE on "casetag" for each STATEMENT execute function "casetag_casetag_count_del_fn"();`);
    this.addSql(`create or replace function "casetag_casetag_count_ins_fn"() returns trigger as \$\$ begin ; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "casetag_count_ins" AFTER INSERT on "casetag" for each STATEMENT execute function "casetag_casetag_count_ins_fn"();`);
    this.addSql(`create or replace function "casetag_casetag_count_upd_fn"() returns trigger as \$\$ begin ; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "casetag_count_upd" AFTER UPDATE on "casetag" for each STATEMENT execute function "casetag_casetag_count_upd_fn"();`);
    this.addSql(`create or replace function "casetag_casetag_place_del_fn"() returns trigger as \$\$ begin ; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "casetag_place_del" AFTER DELETE on "casetag" for each STATEMENT execute function "casetag_casetag_place_del_fn"();`);
    this.addSql(`create or replace function "casetag_casetag_place_ins_fn"() returns trigger as \$\$ begin ; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "casetag_place_ins" AFTER INSERT on "casetag" for each STATEMENT execute function "casetag_casetag_place_ins_fn"();`);
    this.addSql(`create or replace function "casetag_casetag_place_upd_fn"() returns trigger as \$\$ begin ; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "casetag_place_upd" AFTER UPDATE on "casetag" for each STATEMENT execute function "casetag_casetag_place_upd_fn"();`);

    this.addSql(`create or replace function "patient_patient_cube_upd_fn"() returns trigger as \$\$ begin ; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "patient_cube_upd" AFTER UPDATE on "patient" for each STATEMENT execute function "patient_patient_cube_upd_fn"();`);
    this.addSql(`create or replace function "patient_patient_search_key_fn"() returns trigger as \$\$ begin ; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "patient_search_key" BEFORE INSERT OR UPDATE on "patient" for each ROW execute function "patient_patient_search_key_fn"();`);
    this.addSql(`create or replace function "patient_patient_words_ins_fn"() returns trigger as \$\$ begin ; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "patient_words_ins" AFTER INSERT on "patient" for each STATEMENT execute function "patient_patient_words_ins_fn"();`);
    this.addSql(`create or replace function "patient_patient_words_upd_fn"() returns trigger as \$\$ begin ; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "patient_words_upd" AFTER UPDATE on "patient" for each STATEMENT execute function "patient_patient_words_upd_fn"();`);

    this.addSql(`create or replace function "tbcase_tbcase_casetag_place_fn"() returns trigger as \$\$ begin ; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "tbcase_casetag_place" AFTER UPDATE on "tbcase" for each STATEMENT execute function "tbcase_tbcase_casetag_place_fn"();`);
    this.addSql(`create or replace function "tbcase_tbcase_count_del_fn"() returns trigger as \$\$ begin ; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "tbcase_count_del" AFTER DELETE on "tbcase" for each STATEMENT execute function "tbcase_tbcase_count_del_fn"();`);
    this.addSql(`create or replace function "tbcase_tbcase_count_ins_fn"() returns trigger as \$\$ begin ; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "tbcase_count_ins" AFTER INSERT on "tbcase" for each STATEMENT execute function "tbcase_tbcase_count_ins_fn"();`);
    this.addSql(`create or replace function "tbcase_tbcase_count_upd_fn"() returns trigger as \$\$ begin ; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "tbcase_count_upd" AFTER UPDATE on "tbcase" for each STATEMENT execute function "tbcase_tbcase_count_upd_fn"();`);
    this.addSql(`create or replace function "tbcase_tbcase_cube_del_fn"() returns trigger as \$\$ begin ; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "tbcase_cube_del" AFTER DELETE on "tbcase" for each STATEMENT execute function "tbcase_tbcase_cube_del_fn"();`);
    this.addSql(`create or replace function "tbcase_tbcase_cube_ins_fn"() returns trigger as \$\$ begin ; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "tbcase_cube_ins" AFTER INSERT on "tbcase" for each STATEMENT execute function "tbcase_tbcase_cube_ins_fn"();`);
    this.addSql(`create or replace function "tbcase_tbcase_cube_upd_fn"() returns trigger as \$\$ begin ; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "tbcase_cube_upd" AFTER UPDATE on "tbcase" for each STATEMENT execute function "tbcase_tbcase_cube_upd_fn"();`);
    this.addSql(`create or replace function "tbcase_tbcase_tagcount_del_fn"() returns trigger as \$\$ begin ; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "tbcase_tagcount_del" BEFORE DELETE on "tbcase" for each ROW execute function "tbcase_tbcase_tagcount_del_fn"();`);

    this.addSql(`create or replace function "tb_edits_upto1"("a" text, "b" text) returns integer security invoker immutable language plpgsql as \$\$ begin declare la int := length(a); lb int := length(b); i int := 1;       begin
        if a = b then return 0; end if;         if abs(la - lb) > 1 then return 2; end if;         while i <= least(la, lb) and substr(a, i, 1) = substr(b, i, 1) loop i := i + 1; end loop;         if la = lb and substr(a, i + 1) = substr(b, i + 1) then return 1; end if;         if substr(a, i + 1) = substr(b, i) or substr(a, i) = substr(b, i + 1) then return 1; end if;         if la = lb and substr(a, i, 1) = substr(b, i + 1, 1) and substr(a, i + 1, 1) = substr(b, i, 1) and substr(a, i + 2) = substr(b, i + 2) then return 1; end if;         return 2;       end; end \$\$;`);

    this.addSql(`create or replace function "tb_name_key"("t" text) returns text security invoker immutable language sql as \$\$ select nullif(btrim(regexp_replace(regexp_replace(translate(translate(translate(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(translate(lower(t), 'аАбБвВгГдДеЕёЁжЖзЗиИйЙкКлЛмМнНоОпПрРсСтТуУфФхХцЦыЫэЭңҢөӨүҮәӘғҒқҚұҰһҺіІўЎҳҲјЈґҐєЄїЇáÁàÀäÄâÂéÉèÈëËêÊíÍìÌïÏîÎıIóÓòÒöÖôÔúÚùÙüÜûÛñÑğĞžŽъЪьЬ', 'aabbvvggddeeeejjzziiiikkllmmnnoopprrssttuuffhhcciieennoouuaaggkkuuhhiiuuhhjjggeeiiaaaaaaaaeeeeeeeeiiiiiiiiiioooooooouuuuuuuunnggjj'), 'ч', 'ch'), 'Ч', 'ch'), 'ш', 'sh'), 'Ш', 'sh'), 'щ', 'sh'), 'Щ', 'sh'), 'ю', 'iu'), 'Ю', 'iu'), 'я', 'ia'), 'Я', 'ia'), 'ç', 'ch'), 'Ç', 'ch'), 'ş', 'sh'), 'Ş', 'sh'), 'š', 'sh'), 'Š', 'sh'), 'č', 'ch'), 'Č', 'ch'), 'shch', 'sh'), 'sch', 'sh'), 'dzh', 'j'), 'zh', 'j'), 'dj', 'j'), 'kh', 'h'), 'ts', 'c'), 'tz', 'c'), 'ye', 'e'), 'yo', 'e'), 'ph', 'f'), 'x', 'ks'), 'y', 'i'), 'w', 'v'), 'q', 'k'), '([a-z])\\1+', '\\1', 'g'), '[^a-z]+', ' ', 'g')), '') \$\$;`);
  }

}
