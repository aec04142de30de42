/**
 * The General tab's dashboard of a unit or an area: the place's case counts (open suspects, TB,
 * DR-TB, NTM, closed and the summaries), each linking to its list, then the indicators of the
 * workspace's dashboard reports computed for the place (`ui/reports/DashboardIndicators.tsx`); with
 * CASECONTACT the contacts waiting for evaluation and on TPT (`ContactCountsCard.tsx`).
 */
import { Alert, Card, Col, Row, Statistic } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import { LazyDashboard } from '../reports/LazyDashboard.tsx';
import { placeLink, placesApi, type PlaceRef } from './api.ts';
import { useData } from '../generic/data/useData.ts';
import { ContactCountsCard } from './ContactCountsCard.tsx';
import { hasPermission, useSession } from '../session/index.ts';

export function PlaceDashboard({ place }: { place: PlaceRef }) {
  const { t } = useTranslation();
  const session = useSession();
  const { data, error } = useData((signal) => placesApi.summary(place.scope, place.id, signal), [place.scope, place.id]);
  if (error) return <Alert data-testid="alert-error" type="error" showIcon title={error} />;
  if (!data) return <WaitIcon />;
  const open = place.scope === 'UNIT' ? placeLink(place, 'cases/active') : placeLink(place, 'cases/places');
  const cards = [
    ...(['suspect', 'tb', 'drtb', 'ntm'] as const).map((k) => ({ key: k, title: t(`ui.places.tree.${k}Count`), value: data.counts[k], to: open })),
    ...data.summary.map((s) => ({ key: s.id, title: s.name, value: s.count, to: placeLink(place, 'cases/summary', { sum: s.id }) })),
  ];
  return (
    <>
      <Card title={t('ui.places.dashboard')} data-testid="place-dashboard" style={{ marginBottom: 16 }}>
        <Row gutter={[16, 16]}>
          {cards.map((c) => (
            <Col key={c.key} xs={12} md={8} lg={6}>
              <Link to={c.to} data-testid={`dashboard-${c.key}`}>
                <Card size="small" hoverable>
                  <Statistic title={c.title} value={c.value} />
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      </Card>
      {hasPermission(session, 'CASECONTACT') ? <ContactCountsCard place={place} /> : null}
      <LazyDashboard place={place} />
    </>
  );
}
