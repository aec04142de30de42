/**
 * The Cases tab of a unit, an area or the workspace: the side menu on the left, the
 * view on the right — a unit's open cases (`/active`, its default), the area tree of the place's
 * cases (`/places`, the default of an area and the workspace), the advanced search (`/search`), a tag's
 * cases (`/tag?tag=`), a summary's cases (`/summary?sum=`), and the reports (`/reports`,
 * `/report?rep=`, `/reportedt`: a chunk of their own, loaded when first opened).
 */
import { lazy, Suspense } from 'react';
import { Alert, Col, Row } from 'antd';
import { Navigate, Route, Routes, useSearchParams } from 'react-router';
import { AdvancedSearch } from '../search/AdvancedSearch.tsx';
import { ActiveCases } from './ActiveCases.tsx';
import { placeLink, placesApi, type PlaceRef } from './api.ts';
import { PlacesTree } from './PlacesTree.tsx';
import { SideMenu } from './SideMenu.tsx';
import { SummaryCases } from './SummaryCases.tsx';
import { TagCases } from './TagCases.tsx';
import { useData } from '../generic/data/useData.ts';
import { WaitIcon } from '../generic/WaitIcon.tsx';

const ReportPages = lazy(() => import('../reports/ReportPages.tsx'));

export function CasesView({ place }: { place: PlaceRef }) {
  const [params] = useSearchParams();
  const { data, error } = useData((signal) => placesApi.summary(place.scope, place.id, signal), [place.scope, place.id]);
  const views = place.scope === 'UNIT' ? ['active', 'search'] : ['places', 'search'];
  const reports = (page: 'list' | 'view' | 'edit') => (
    <Suspense fallback={<WaitIcon testId="page-loading" />}>
      <ReportPages place={place} page={page} />
    </Suspense>
  );
  const home = placeLink(place, `cases/${views[0]}`);
  const main = place.scope === 'UNIT' ? <ActiveCases unitId={place.id!} /> : <PlacesTree areaId={place.id} />;
  const tag = params.get('tag');
  const sum = params.get('sum');
  return (
    <Row gutter={16} data-testid="cases-view">
      <Col xs={24} lg={6}>
        {error ? <Alert data-testid="alert-error" type="error" showIcon title={error} /> : null}
        <SideMenu place={place} views={[...views, 'reports']} data={data} />
      </Col>
      <Col xs={24} lg={18}>
        <Routes>
          {/* `/cases?id=` (the links of other pages) shows the default view under its own address */}
          <Route index element={main} />
          <Route path={views[0]} element={main} />
          <Route path="search" element={<AdvancedSearch place={place} />} />
          <Route path="tag" element={tag ? <TagCases key={tag} place={place} tagId={tag} /> : <Navigate to={home} replace />} />
          <Route path="summary" element={sum ? <SummaryCases key={sum} place={place} summaryId={sum} /> : <Navigate to={home} replace />} />
          <Route path="reports" element={reports('list')} />
          <Route path="report" element={reports('view')} />
          <Route path="reportedt" element={reports('edit')} />
          <Route path="*" element={<Navigate to={home} replace />} />
        </Routes>
      </Col>
    </Row>
  );
}
