/**
 * `…/cases/search` — 'Расширенный поиск': the report filters of the workspace
 * (grouped as declared), 'Найти', then the place's matching cases in the reader's view, 50 a page,
 * the filters shown above them (`addFilterDisplay`); a row (or its patient's link) opens the case.
 * The page and the count are two calls: the page shows at once, the count when it arrives
 * (bounded: '10 000+', '≈ n'), asked once per search, not per page.
 * The search ran is kept in the address (`q`: the filters, `p`: the page), so Back from a case
 * returns to the same results.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, Flex } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SectionTitle } from '../generic/PageTitle.tsx';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import { CaseList } from '../places/CaseList.tsx';
import type { PlaceRef } from '../places/api.ts';
import { useData } from '../generic/data/useData.ts';
import { countText } from '../generic/countText.ts';
import { chosenValues } from '../filters/chosenValues.ts';
import type { Filters } from '../filters/types.ts';
import { searchApi, type SearchCount } from '../reports/api.ts';
import { FilterDisplay } from './FilterDisplay.tsx';
import { FilterPanel } from './FilterPanel.tsx';

/** The server pages at most this deep by number (deeper needs its keyset cursor). */
const MAX_PAGES = 200;

/** The search the address keeps (`q`: chosen filters and values, `p`: the page from 1), or null (none, or edited by hand). */
function savedSearch(q: string | null, p: string | null): { chosen: string[]; values: Filters; page: number } | null {
  if (!q) return null;
  try {
    const saved = JSON.parse(q) as { chosen?: string[]; values?: Filters };
    const chosen = Array.isArray(saved.chosen) ? saved.chosen.filter((x) => typeof x === 'string') : [];
    const values = saved.values && typeof saved.values === 'object' ? saved.values : {};
    return { chosen, values, page: Math.max(0, Number(p ?? 1) - 1) || 0 };
  } catch {
    return null; // an address edited by hand: start empty
  }
}

export function AdvancedSearch({ place }: { place: PlaceRef }) {
  const { t, i18n } = useTranslation();
  const init = useData(() => searchApi.init(), []);
  const [params, setParams] = useSearchParams();
  // a search kept in the address (Back from a case): its filters shown again and run once
  const [saved] = useState(() => savedSearch(params.get('q'), params.get('p')));
  const [chosen, setChosen] = useState<string[]>(saved?.chosen ?? []);
  const [values, setValues] = useState<Filters>(saved?.values ?? {});
  /** The search (filters and page) asked last; a new object for each ask, the same search again too. */
  const [asked, setAsked] = useState<{ filters: Filters; page: number } | null>(saved ? { filters: chosenValues(saved.values), page: saved.page } : null);
  /** The count asked last: once per search, not per page; `exact` when the user asked for the exact number. */
  const [countAsked, setCountAsked] = useState<{ filters: Filters; exact: boolean } | null>(saved ? { filters: chosenValues(saved.values), exact: false } : null);
  // a search or page asked after this one: its answer shows, this one's is dropped (its count too)
  const page = useData((signal) => searchApi.search(place, asked!.filters, asked!.page + 1, signal), [asked, place.scope, place.id], { enabled: !!asked });
  const counted = useData((signal) => searchApi.count(place, countAsked!.filters, countAsked!.exact, signal), [countAsked, place.scope, place.id], {
    enabled: !!countAsked,
    keepPrevious: false,
  });
  /** The count of the search ran, asked apart from its page (undefined while it is counted). */
  const found: SearchCount | undefined = counted.data;
  const ran = asked && {
    ...asked,
    result: page.data,
    error: page.errors.length ? page.errors.map((e) => (e.field ? `${e.field}: ${t(e.msg)}` : t(e.msg))).join('; ') : undefined,
    loading: page.loading,
  };

  /** Counts a new search (not a page turn) without holding its page up. */
  const count = (filters: Filters, exact = false) => setCountAsked({ filters, exact });
  const run = (filters: Filters, pageNo: number, shown = chosen) => {
    setAsked({ filters, page: pageNo });
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('q', JSON.stringify({ chosen: shown, values: filters }));
      next.set('p', String(pageNo + 1));
      return next;
    }, { replace: true });
  };

  if (init.error) return <Alert data-testid="alert-error" type="error" showIcon title={init.error} />;
  if (!init.data) return <WaitIcon />;
  // till the count arrives, the pager knows the pages seen and whether another follows
  const rows = ran?.result?.list.length ?? 0;
  const pagerCount = found ? found.count : (ran?.page ?? 0) * 50 + rows + (ran?.result?.next ? 1 : 0);
  return (
    <Flex vertical gap={16} data-testid="advanced-search">
      <Card title={<SectionTitle size={16} style={{ margin: 0 }} data-testid="advanced-search-title">{t('ui.search.title')}</SectionTitle>}>
        <form
          aria-label={t('ui.search.title')}
          onSubmit={(e) => {
            e.preventDefault();
            const filters = chosenValues(values);
            count(filters);
            run(filters, 0);
          }}
        >
          <FilterPanel groups={init.data.filters} chosen={chosen} values={values} onChange={(c, v) => (setChosen(c), setValues(v))} />
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={ran?.loading} style={{ marginTop: 16 }} data-testid="search-run">
            {t('ui.search.find')}
          </Button>
        </form>
      </Card>
      {ran ? (
        <Card data-testid="search-results" title={<span data-testid="search-count" data-state={found ? 'counted' : 'counting'} role="status">
              {found ? t('ui.search.found', { count: countText(found.count, { capped: found.countCapped, estimated: found.countEstimated }, i18n.language) as unknown as number }) : t('ui.search.counting')}
              {/* an estimate says so, and the exact number is one click away */}
              {found?.countEstimated ? (
                <Button type="link" size="small" onClick={() => count(ran.filters, true)} data-testid="search-count-exact">
                  {t('ui.search.countExactly')}
                </Button>
              ) : null}
            </span>}>
          {ran.error ? <Alert data-testid="alert-error" type="error" showIcon title={ran.error} /> : null}
          {ran.result?.filterDisplay ? <FilterDisplay items={ran.result.filterDisplay} /> : null}
          {ran.result ? (
            <CaseList
              testId="search-case-list"
              rows={ran.result.list}
              count={Math.min(pagerCount, MAX_PAGES * 50)}
              page={ran.page}
              onPage={(p) => run(ran.filters, p)}
              loading={ran.loading}
              showUnit={place.scope !== 'UNIT'}
            />
          ) : null}
        </Card>
      ) : null}
    </Flex>
  );
}
