/** `/sys/admin/tables/:table` — 'Пользователь - Каталоги': the catalogue sidebar and the generic catalogue screen. */
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CataloguePage } from '../../generic/catalogue/index.ts';
import '../../catalogues/index.ts';
import { AdminHub } from './AdminHub.tsx';
import { CATALOGUE_ENTRIES, findEntry } from './adminEntries.ts';

export default function AdminTablesPage() {
  const { t } = useTranslation();
  const { table } = useParams();
  const entry = findEntry(CATALOGUE_ENTRIES, table);
  const tableName = entry?.table ?? table;
  return (
    <AdminHub title={t('ui.admin.tablesTitle')} basePath="/sys/admin/tables" entries={CATALOGUE_ENTRIES} selected={entry} testId="admin-tables" hint="ui.admin.chooseTable">
      {tableName ? <CataloguePage key={tableName} table={tableName} permission={entry?.permission} /> : null}
    </AdminHub>
  );
}
