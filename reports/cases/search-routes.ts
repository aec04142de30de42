/**
 * The advanced search's routes 'Расширенный поиск' (`search.ts`): its filters, a page of the cases
 * found and their bounded count. Reading cases (CASEMAN) is checked by the host with the body; a
 * filter on a field the reader may not read (an exam type's) is refused by `checkFilters`.
 */
import { checkFilters } from '../indicator/request.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';
import type { AppContext } from '../../server/types.ts';
import { noBody } from './bodies.ts';
import { filterGroups, filterOptions } from './init.ts';
import type { CaseReading } from './reading.ts';
import { countSearch, optionNamesOf, SEARCH_PAGE_SIZE, searchBody, searchCases, searchCountBody } from './search.ts';

const READ = 'CASEMAN';
const exampleFilters = { gender: ['FEMALE'] };

/**
 * `POST /api/cases/search/init`, `/api/cases/search`, `/api/cases/search/count`.
 * @example searchRoutes(ctx, caseReading(ctx)).map((r) => r.path) // ['/api/cases/search/init', '/api/cases/search', '/api/cases/search/count']
 */
export function searchRoutes(ctx: AppContext, { analytic, catOf, checkCursor, refuse, connections }: CaseReading): DeclaredRoute[] {
  return [
    /** `POST /api/cases/search/init` → `{filters}`: the report filters in their groups (as `report/init`). */
    defineRoute({
      method: 'POST', path: '/api/cases/search/init', rule: rule.perm(READ), body: noBody, example: {},
      summary: "The advanced search's filters this reader may use, in their groups",
      answer: { type: 'object', properties: { filters: { type: 'array', items: { type: 'object' } } } },
      handler: async (c) => {
        const s = c.get('session');
        return c.json({ filters: (await filterGroups(connections().rdb, s, catOf(s))).filters });
      },
    }),

    /** `POST /api/cases/search {pageSize: 50, filters, scope, scopeId, addFilterDisplay, page, after}` → `{list, next, filterDisplay?: [{id, name, value}]}` (the count: `search/count`). */
    defineRoute({
      method: 'POST', path: '/api/cases/search', rule: rule.perm(READ), body: searchBody,
      example: { pageSize: SEARCH_PAGE_SIZE, filters: exampleFilters, scope: 'WORKSPACE', addFilterDisplay: true, page: 1 },
      summary: 'The cases of a place the filters find, 50 a page, newest registration first (deeper pages by `after`)',
      answer: { type: 'object', properties: { list: { type: 'array', items: { type: 'object' } }, next: { type: ['string', 'null'] }, filterDisplay: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, value: { type: 'string' } } } } } },
      handler: async (c, { body }) => {
        const s = c.get('session');
        const { rem: em, rdb: db } = connections();
        checkCursor(s, body.after);
        const { filters, errors } = checkFilters(catOf(s), body.filters, s.lang);
        refuse(errors);
        // the names of the chosen catalogue rows: only the chosen filters' options are read
        const names = async () => optionNamesOf([{ filters: await Promise.all(filters.filter((f) => f.filter.value.kind !== 'enum').map(async (f) => ({ resources: { options: await filterOptions(db, s, f.filter) } }))) }]);
        return c.json(await searchCases(em, db, ctx.registry, analytic, s, body, filters, names));
      },
    }),

    /**
     * `POST /api/cases/search/count {filters, scope, scopeId, exact}` → `{count, countCapped, countEstimated?}`: how many the search finds,
     * bounded — from 5 000 by the planner's estimate, the estimate (`countEstimated`); `exact: true` counts (up to the cap) however long it takes.
     */
    defineRoute({
      method: 'POST', path: '/api/cases/search/count', rule: rule.perm(READ), body: searchCountBody, example: { filters: exampleFilters, scope: 'WORKSPACE' },
      summary: 'How many cases the search finds: bounded (past 5,000 the planner’s estimate), or `exact`',
      answer: { type: 'object', properties: { count: { type: 'integer' }, countCapped: { type: 'boolean' }, countEstimated: { type: 'boolean' } } },
      handler: async (c, { body }) => {
        const s = c.get('session');
        const { rem: em, rdb: db } = connections();
        const { filters, errors } = checkFilters(catOf(s), body.filters, s.lang);
        refuse(errors);
        return c.json(await countSearch(em, db, ctx.registry, analytic, s, body, filters));
      },
    }),
  ];
}
