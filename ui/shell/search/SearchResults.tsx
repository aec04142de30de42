/** The popup under the search box: up to 10 rows, a divider before the cases, or 'Запись не найдена.' */
import type { ReactNode } from 'react';
import { Divider, theme, Typography } from 'antd';
import { ApartmentOutlined, ExperimentOutlined, GlobalOutlined, ManOutlined, MedicineBoxOutlined, WomanOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SearchResult, SearchResultType } from '../../api/index.ts';
import { isCase } from './searchTarget.ts';

const ICONS: Record<SearchResultType, ReactNode> = {
  WORKSPACE: <GlobalOutlined />,
  ADMINUNIT: <ApartmentOutlined />,
  TBUNIT: <MedicineBoxOutlined />,
  LAB: <ExperimentOutlined />,
  CASE_MAN: <ManOutlined />,
  CASE_WOMAN: <WomanOutlined />,
};

export interface SearchResultsProps {
  results: SearchResult[];
  active: number;
  onHover: (index: number) => void;
  onSelect: (r: SearchResult) => void;
}

export function SearchResults({ results, active, onHover, onSelect }: SearchResultsProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const firstCase = results.findIndex(isCase);

  return (
    <div
      data-testid="search-results"
      role="listbox"
      style={{
        position: 'absolute',
        top: '100%',
        right: 0,
        marginTop: 4,
        width: 360,
        maxWidth: '90vw',
        zIndex: 1050,
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        padding: 4,
        lineHeight: 1.4,
      }}
    >
      {results.length === 0 ? (
        <div data-testid="search-empty" style={{ padding: '8px 12px' }}>
          <Typography.Text type="secondary">{t('ui.common.notFound')}</Typography.Text>
        </div>
      ) : (
        results.map((r, i) => (
          <div key={`${r.type}:${r.id}`}>
            {i === firstCase && i > 0 ? <Divider data-testid="search-divider" style={{ margin: '4px 0' }} /> : null}
            <div
              role="option"
              aria-selected={i === active}
              data-testid="search-result"
              data-type={r.type}
              data-id={r.id}
              onMouseEnter={() => onHover(i)}
              onMouseDown={(e) => {
                e.preventDefault();
                onSelect(r);
              }}
              style={{
                display: 'flex',
                gap: 8,
                padding: '6px 12px',
                cursor: 'pointer',
                borderRadius: token.borderRadiusSM,
                background: i === active ? token.controlItemBgActive : undefined,
              }}
            >
              <span style={{ color: token.colorTextSecondary }}>{ICONS[r.type]}</span>
              <span>
                <div>{r.title}</div>
                {r.subtitle ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.subtitle}</Typography.Text> : null}
              </span>
            </div>
          </div>
        ))
      )}
    </div>
  );
}
