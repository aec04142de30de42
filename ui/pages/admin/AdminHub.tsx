/**
 * An administrator hub: a title, a sidebar of the entries the user may open (each only with its
 * permission), and the chosen entry's content. The pane always says something true: the entry,
 * or that its permission is missing (naming it), or — nothing chosen — what to do, or that none
 * of the hub's entries is open to the user (then no sidebar is drawn).
 */
import type { ReactNode } from 'react';
import { Alert, Card, Col, Menu, Row } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NoPermission } from '../../generic/NoPermission.tsx';
import { hasPermission, useSession } from '../../session/index.ts';
import type { AdminEntry } from './adminEntries.ts';
import { PageTitle } from '../../generic/PageTitle.tsx';

export interface AdminHubProps {
  title: string;
  basePath: string;
  entries: AdminEntry[];
  selected?: AdminEntry;
  testId: string;
  /** i18n key of what the pane says while no entry is chosen ('Выберите … в меню слева.'). */
  hint: string;
  /** The chosen entry's screen; drawn only when the user holds its permission. */
  children?: ReactNode;
}

export function AdminHub({ title, basePath, entries, selected, testId, hint, children }: AdminHubProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const visible = entries.filter((e) => hasPermission(session, e.permission));
  const items = visible.flatMap((e, i) => [
    ...(e.separatorBefore && i > 0 ? [{ type: 'divider' as const, key: `sep-${e.slug}` }] : []),
    { key: e.slug, label: <span data-testid={`admin-entry-${e.slug}`}>{t(e.label)}</span> },
  ]);

  let pane: ReactNode;
  if (selected && !hasPermission(session, selected.permission)) pane = <NoPermission permission={selected.permission} />;
  else if (selected) pane = children;
  else if (!visible.length) pane = <Alert type="warning" showIcon data-testid="admin-no-entries" title={t('ui.admin.noEntries')} />;
  else pane = <Alert type="info" showIcon data-testid="admin-hint" title={t(hint)} />;

  return (
    <div data-testid={testId}>
      <PageTitle data-testid="admin-title">
        {title}
      </PageTitle>
      <Row gutter={[16, 16]}>
        {visible.length ? (
          <Col xs={24} md={7} lg={6}>
            <Card size="small" styles={{ body: { padding: 4 } }}>
              <Menu
                data-testid="admin-sidebar"
                mode="inline"
                style={{ borderInlineEnd: 'none' }}
                selectedKeys={selected ? [selected.slug] : []}
                items={items}
                onClick={({ key }) => navigate(`${basePath}/${key}`)}
              />
            </Card>
          </Col>
        ) : null}
        <Col xs={24} md={visible.length ? 17 : 24} lg={visible.length ? 18 : 24} style={{ minWidth: 0 }}>
          {pane}
        </Col>
      </Row>
    </div>
  );
}

/** Whether any entry of a hub is open to the user (the toolbar offers only such hubs). */
export function hubHasEntries(session: Parameters<typeof hasPermission>[0], entries: AdminEntry[]): boolean {
  return entries.some((e) => hasPermission(session, e.permission));
}
