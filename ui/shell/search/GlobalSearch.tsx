/** The toolbar's search box; results lead to the page of their type. */
import { useState } from 'react';
import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { searchTarget } from './searchTarget.ts';
import { SearchResults } from './SearchResults.tsx';
import { useGlobalSearch } from './useGlobalSearch.ts';

export function GlobalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [focused, setFocused] = useState(false);
  const s = useGlobalSearch((r) => navigate(searchTarget(r)));

  return (
    <div style={{ position: 'relative' }}>
      <Input
        data-testid="global-search"
        value={s.key}
        allowClear
        placeholder={t('ui.toolbar.search')}
        prefix={<SearchOutlined />}
        suffix={s.searching ? <span data-testid="search-busy" /> : null}
        onChange={(e) => s.setKey(e.target.value)}
        onKeyDown={s.onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        style={{ width: 240 }}
        autoComplete="off"
      />
      {focused && s.results ? <SearchResults results={s.results} active={s.active} onHover={s.setActive} onSelect={s.select} /> : null}
    </div>
  );
}
