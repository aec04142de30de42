/** `…/cases/tag?tag={tagId}&id=` — the place's cases carrying a tag, 50 a page, with the tag's name and count. */
import { useState } from 'react';
import { Alert, Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import { placesApi, type PlaceRef } from './api.ts';
import { CaseList } from './CaseList.tsx';
import { TAG_COLOR } from './SideMenu.tsx';
import { useData } from '../generic/data/useData.ts';

export function TagCases({ place, tagId }: { place: PlaceRef; tagId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const { data, error, loading } = useData((signal) => placesApi.tagQuery(place.scope, place.id, tagId, page + 1, signal), [place.scope, place.id, tagId, page]);
  if (error) return <Alert data-testid="alert-error" type="error" showIcon title={error} />;
  if (!data) return <WaitIcon />;
  return (
    <Card
      data-testid="tag-cases"
      title={
        <span data-testid="tag-cases-title">
          <Tag color={TAG_COLOR[data.tag.type]}>{data.tag.name}</Tag> {t('ui.common.count', { count: data.count })}
        </span>
      }
    >
      <CaseList rows={data.list} count={data.count} page={page} onPage={setPage} loading={loading} showUnit={place.scope !== 'UNIT'} />
    </Card>
  );
}
