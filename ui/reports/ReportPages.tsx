/**
 * The report screens of a place's Cases tab, one lazy chunk: the list
 * (`/reports`), a report (`/report?rep=`) and the editor (`/reportedt`, `?rep=` to edit).
 */
import './strings.ts';
import { Navigate, useSearchParams } from 'react-router';
import { placeLink, type PlaceRef } from '../places/api.ts';
import { ReportEditor } from './ReportEditor.tsx';
import { ReportList } from './ReportList.tsx';
import { ReportView } from './ReportView.tsx';

export default function ReportPages({ place, page }: { place: PlaceRef; page: 'list' | 'view' | 'edit' }) {
  const [params] = useSearchParams();
  const rep = params.get('rep') ?? undefined;
  if (page === 'view') return rep ? <ReportView key={rep} place={place} reportId={rep} /> : <Navigate to={placeLink(place, 'cases/reports')} replace />;
  if (page === 'edit') return <ReportEditor key={rep ?? 'new'} place={place} reportId={rep} />;
  return <ReportList place={place} />;
}
