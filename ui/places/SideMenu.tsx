/**
 * The cases view's side menu: the views, then 'Резюме' (each summary with its name
 * and count, linking to `/summary?sum=`), then 'Отметки' (each tag with its count, styled by its
 * type, linking to `/tag?tag=`; 'no result' when the place has no tagged case).
 */
import { Badge, Card, Menu, Tag, Typography } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { placeLink, type PlaceRef, type SummaryResult } from './api.ts';

/** The colour of a tag by its type: manual blue, automatic green, a consistency check red. */
export const TAG_COLOR: Record<string, string> = { MANUAL: 'blue', AUTO: 'green', AUTODANGER: 'red' };

export function SideMenu({ place, views, data }: { place: PlaceRef; views: string[]; data?: SummaryResult }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const path = pathname.split('/cases/')[1] ?? '';
  // a report and the report editor belong to the reports view
  const sub = path === 'report' || path === 'reportedt' ? 'reports' : path;
  const selected = sub === 'tag' ? `tag:${params.get('tag')}` : sub === 'summary' ? `sum:${params.get('sum')}` : sub || views[0];
  const count = (n: number, testId: string) => <Badge data-testid={testId} count={n} showZero overflowCount={9_999_999} color={n ? '#1677ff' : '#bfbfbf'} style={{ marginInlineStart: 8 }} />;

  const items = [
    ...views.map((v) => ({ key: v, label: <span data-testid={`cases-view-${v}`}>{t(`ui.places.views.${v}`)}</span> })),
    {
      type: 'group' as const,
      key: 'summaries',
      label: <span data-testid="summary-group">{t('ui.places.summaries')}</span>,
      children: (data?.summary ?? []).map((s) => ({
        key: `sum:${s.id}`,
        label: (
          <span data-testid="summary-item" data-id={s.id}>
            <span data-testid="summary-name">{s.name}</span>
            {count(s.count, 'summary-count')}
          </span>
        ),
      })),
    },
    {
      type: 'group' as const,
      key: 'tags',
      label: <span data-testid="tag-group">{t('ui.places.tags')}</span>,
      children: data && !data.tags.length
        ? [{ key: 'tags-none', disabled: true, label: <Typography.Text type="secondary" data-testid="tags-none">{t('ui.places.noTags')}</Typography.Text> }]
        : (data?.tags ?? []).map((g) => ({
            key: `tag:${g.id}`,
            label: (
              <span data-testid="tag-item" data-id={g.id} data-type={g.type}>
                <Tag color={TAG_COLOR[g.type]} data-testid="tag-name">
                  {g.name}
                </Tag>
                {count(g.count, 'tag-count')}
              </span>
            ),
          })),
    },
  ];

  return (
    <Card size="small" styles={{ body: { padding: 4 } }}>
      <Menu
        data-testid="cases-side-menu"
        mode="inline"
        style={{ borderInlineEnd: 'none' }}
        selectedKeys={[selected]}
        items={items}
        onClick={({ key }) => {
          if (key.startsWith('sum:')) void navigate(placeLink(place, 'cases/summary', { sum: key.slice(4) }));
          else if (key.startsWith('tag:')) void navigate(placeLink(place, 'cases/tag', { tag: key.slice(4) }));
          else void navigate(placeLink(place, `cases/${key}`));
        }}
      />
    </Card>
  );
}
