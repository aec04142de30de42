/**
 * `/sys/case?id={caseId}[&tab=data|followups|treatment|issues]` — the case page:
 * command bar, tags card 'Отметки', the synchronisation conflicts (when an offline upload left any), header, the medicines dispensed (../../stock/CaseDispensingsCard.tsx) with the three state boxes, and four tabs whose content
 * belongs to their parts (tabs/*.tsx, each given {@link CaseTabProps}). The tab is kept in the URL.
 * A case outside the user's view is the server's 404, said plainly.
 */
import { Result, Spin, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission, useSession } from '../../session/index.ts';
import { CaseReadOnly } from './readOnly.ts';
import { CommandBar } from '../workflow/CommandBar.tsx';
import { CaseHeader } from './CaseHeader.tsx';
import { TagsCard } from './TagsCard.tsx';
import { SyncConflictsCard } from './SyncConflictsCard.tsx';
import { CaseDispensingsCard } from '../../stock/CaseDispensingsCard.tsx';
import { useCase } from './useCase.ts';
import { useState } from 'react';
import type { CaseTabProps } from './types.ts';

// The tabs come with the page: a lazy tab inside the lazy page is one more wait of React's 300 ms
// Suspense reveal throttle on every case opened, and again at each tab's first opening.
import DataTab from './tabs/DataTab.tsx';
import FollowupTab from './tabs/FollowupTab.tsx';
import TreatmentTab from './tabs/TreatmentTab.tsx';
import IssuesTab from './tabs/IssuesTab.tsx';

/** The tabs in the spec's order (0 … 3): URL key, label, content. */
const TABS = [
  { key: 'data', label: 'ui.casePage.tabs.data', Tab: DataTab },
  { key: 'followups', label: 'ui.casePage.tabs.followups', Tab: FollowupTab },
  { key: 'treatment', label: 'ui.casePage.tabs.treatment', Tab: TreatmentTab },
  { key: 'issues', label: 'ui.casePage.tabs.issues', Tab: IssuesTab },
] as const;

export default function CasePage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const tab = TABS.find((x) => x.key === params.get('tab'))?.key ?? 'data';
  const { tbcase, loading, error, reload } = useCase(id);
  const [tagging, setTagging] = useState(false);

  if (error && !tbcase) {
    const notFound = error.status === 404 || error.status === 400;
    return (
      <Result
        data-testid="case-not-found"
        status={notFound ? '404' : error.status === 403 ? '403' : 'error'}
        title={notFound ? t('ui.casePage.notFound') : error.msg}
        subTitle={notFound ? t('ui.casePage.notFoundText') : undefined}
      />
    );
  }
  if (!tbcase) return <Spin data-testid="case-loading" spinning={loading} style={{ display: 'block', margin: 48 }} />;

  const props: CaseTabProps = { caseId: tbcase.id, tbcase, reload };
  const select = (key: string) => {
    const next = new URLSearchParams(params);
    next.set('tab', key);
    setParams(next, { replace: true });
  };

  return (
    <CaseReadOnly.Provider value={tbcase.readOnly === true}>
    <div data-testid="case-page" data-case-id={tbcase.id} data-version={tbcase.version} data-read-only={tbcase.readOnly === true || undefined}>
      <CommandBar tbcase={tbcase} reload={reload} tagging={tagging} setTagging={setTagging} />
      <TagsCard tags={tbcase.tags ?? []} onEdit={hasPermission(session, 'CASE_TAG') && !tbcase.readOnly ? () => setTagging(true) : undefined} />
      <SyncConflictsCard caseId={tbcase.id} version={tbcase.version} onChange={reload} />
      <CaseHeader tbcase={tbcase} />
      <CaseDispensingsCard caseId={tbcase.id} unitId={tbcase.ownerUnitId} version={tbcase.version} />
      <Tabs
        data-testid="case-tabs"
        activeKey={tab}
        onChange={select}
        destroyOnHidden
        items={TABS.map(({ key, label, Tab }) => ({
          key,
          label: <span data-testid={`case-tab-${key}`}>{t(label)}</span>,
          children: <Tab {...props} />,
        }))}
      />
    </div>
    </CaseReadOnly.Provider>
  );
}
