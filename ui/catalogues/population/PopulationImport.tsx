/**
 * 'Импорт из файла' above the population catalogue: the administrator
 * picks a CSV or XLSX file of three columns — area (code or name), year, population — the browser
 * reads its rows (`populationFile.ts`) and sends them to `POST /api/population/import`. Nothing is
 * written unless every row is right: the refusal lists each bad row by its line in the file; a
 * success says how many years were added and changed, and the list is read again.
 */
import { useRef, useState } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, errorsOf } from '../../api/index.ts';
import type { ListActionsProps } from '../../generic/catalogue/index.ts';
import { readPopulationFile } from './populationFile.ts';

export function PopulationImport({ editable, reload, alerts }: ListActionsProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  if (!editable) return null;

  const send = async (file: File) => {
    setBusy(true);
    let lines: number[] = [];
    try {
      const read = await readPopulationFile(file);
      lines = read.lines;
      if (!read.rows.length) return alerts.error(t('ui.population.empty'));
      const done = await api.post<{ created: number; updated: number }>('/api/population/import', { rows: read.rows });
      alerts.success(t('ui.population.imported', done));
      await reload();
    } catch (err) {
      // `rows.<i>.<field>`: the row's line in the file
      const messages = errorsOf(err).map((e) => {
        const at = /^rows\.(\d+)\./.exec(e.field ?? '');
        return at ? t('ui.population.line', { line: lines[Number(at[1])] ?? Number(at[1]) + 1, msg: t(e.msg) }) : t(e.msg);
      });
      alerts.error(t('ui.population.refused'), messages);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        data-testid="population-file"
        aria-label={t('ui.population.import')}
        style={{ display: 'none' }}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void send(file);
        }}
      />
      <Button data-testid="population-import" icon={<UploadOutlined />} loading={busy} title={t('ui.population.hint')} onClick={() => input.current?.click()}>
        {t('ui.population.import')}
      </Button>
    </>
  );
}
