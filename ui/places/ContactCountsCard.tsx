/**
 * The dashboard's contacts: how many contacts of the place wait for evaluation, how many
 * are on TPT and, for a unit, how many courses missed a dose in the last 14 days
 * (`POST /api/cases/contacts/counts`); a unit's counts open its contact register and worklist.
 * Shown with CASECONTACT.
 *
 * @example <ContactCountsCard place={{ scope: 'UNIT', id }} />
 */
import { Card, Col, Row, Statistic } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ContactCounts } from '../../cases/contacts/counts.ts';
import { api } from '../api/index.ts';
import { placeLink, type PlaceRef } from './api.ts';
import { useData } from '../generic/data/useData.ts';

export function ContactCountsCard({ place }: { place: PlaceRef }) {
  const { t } = useTranslation();
  const { data } = useData((signal) => api.post<ContactCounts>('/api/cases/contacts/counts', place.id ? { scope: place.scope, scopeId: place.id } : { scope: place.scope }, signal), [place.scope, place.id]);
  if (!data) return null;
  const unit = place.scope === 'UNIT';
  const value = (n: number) => (data.capped && n >= 10_000 ? `${n.toLocaleString('ru')}+` : n);
  const cards = [
    { key: 'waiting', title: t('ui.contacts.filter.waiting'), value: value(data.waiting), to: unit ? placeLink(place, 'worklist') : undefined },
    { key: 'onTpt', title: t('ui.contacts.filter.tpt'), value: value(data.onTpt), to: unit ? placeLink(place, 'contacts') : undefined },
    ...(data.tptMissed !== null ? [{ key: 'tptMissed', title: t('ui.contacts.worklist.tptMissed'), value: data.tptMissed, to: placeLink(place, 'worklist') }] : []),
  ];
  return (
    <Card title={t('contact.title')} data-testid="dashboard-contacts" style={{ marginBottom: 16 }}>
      <Row gutter={[16, 16]}>
        {cards.map((c) => {
          const stat = (
            <Card size="small" hoverable={!!c.to}>
              <Statistic title={c.title} value={c.value} />
            </Card>
          );
          return (
            <Col key={c.key} xs={12} md={8} lg={6} data-testid={`dashboard-contacts-${c.key}`}>
              {c.to ? <Link to={c.to}>{stat}</Link> : stat}
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}
