/**
 * An administrator hub: a title, a sidebar of the entries the user may open (each only with its
 * permission), and the chosen entry's content.
 */
import type { ReactNode } from 'react';
import { Alert, Card, Col, Menu, Row, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission, useSession } from '../../session/index.ts';
import type { AdminEntry } from './adminEntries.ts';

export interface AdminHubProps {
  title: string;
  basePath: string;
  entries: AdminEntry[];
  selected?: AdminEntry;
  testId: string;
  children: ReactNode;
}

export function AdminHub({ title, basePath, entries, selected, testId, children }: AdminHubProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const visible = entries.filter((e) => hasPermission(session, e.permission));
  const items = visible.flatMap((e, i) => [
    ...(e.separatorBefore && i > 0 ? [{ type: 'divider' as const, key: `sep-${e.slug}` }] : []),
    { key: e.slug, label: <span data-testid={`admin-entry-${e.slug}`}>{t(e.label)}</span> },
  ]);

  return (
    <div data-testid={testId}>
      <Typography.Title level={3} data-testid="admin-title">
        {title}
      </Typography.Title>
      {!visible.length && <Alert type="warning" showIcon data-testid="admin-no-entries" title={t('ui.admin.noEntries')} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} md={7} lg={6} hidden={!visible.length}>
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
        <Col xs={24} md={visible.length ? 17 : 24} lg={visible.length ? 18 : 24}>
          {children}
        </Col>
      </Row>
    </div>
  );
}
