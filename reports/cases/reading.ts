import { t } from '../../engine/i18n.ts';
import { analyticTable, type AnalyticTable } from '../../engine/analytic.ts';
import { allowedCatalogue, reportCatalogue, type ReportCatalogue } from '../../engine/report-vars.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import { readEm } from '../../server/db/read.ts';
import { ApiError, fail } from '../../server/http/errors.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import { decodeCursor } from '../../server/tbl/keyset.ts';
import { orderKeys } from '../../server/tbl/store/columns.ts';
import type { AppContext, Session } from '../../server/types.ts';
import type { FieldError } from '../indicator/request.ts';
import { caseCube, type Cube } from '../indicator/cube.ts';

type Db = ReturnType<typeof kysely>;

/** What the case-report and search routes share: the catalogue, the cube, the analytic rows and the connections. */
export interface CaseReading {
  cat: ReportCatalogue;
  cube: Cube | undefined;
  /** The cases' analytic rows every computation reads (engine/analytic.ts). */
  analytic: AnalyticTable;
  /** What this reader may count by: no variable of an exam type (or the treatment) they may not read. */
  catOf(s: Session): ReportCatalogue;
  /** 400 with a case-list cursor (`after`) the list did not give. */
  checkCursor(s: Session, after: unknown): void;
  /** 400 with these errors, when there are any. */
  refuse(errors: FieldError[]): void;
  /** Writes and the saved reports' own reads on the primary (`em`, `db`); the computations on the read connection (`rem`, `rdb`: server/db/read.ts). */
  connections(): { em: Em; db: Db; rem: Em; rdb: Db };
}

/**
 * The case reports' shared reading of an app (made once per route list).
 * @example const { catOf, analytic } = caseReading(ctx); catOf(session).variable('gender')
 */
export function caseReading(ctx: AppContext): CaseReading {
  const cat = reportCatalogue(ctx.registry);
  const caseKeys = orderKeys(ctx.registry.table('tbcase')).length;
  return {
    cat,
    cube: caseCube(ctx.registry, cat),
    analytic: analyticTable(ctx.registry, cat),
    catOf: (s) => allowedCatalogue(cat, (p) => hasPermission(s, p)),
    checkCursor: (s, after) => {
      if (after !== undefined && !decodeCursor(after as string, caseKeys)) throw fail(400, t(s.lang, 'msg.badJson'), 'after');
    },
    refuse: (errors) => {
      if (errors.length) throw new ApiError(400, errors);
    },
    connections: () => {
      const em = ctx.orm.em.fork();
      const rem = readEm(ctx);
      return { em, db: kysely(em), rem, rdb: kysely(rem) };
    },
  };
}
