/**
 * One step of an order or a transfer: a button opening the step's declared form (the
 * action's input schema: `stock_stepdate`, `stockorder_send`, `stocktransfer_receive`), posted to
 * `POST /api/tbl/<table>/<id>/action/<name>`; the server's refusal shows beside its field.
 *
 * @example <StepButton table="stockorder" id={o.id} action="authorize" form="stock_stepdate" label="Утвердить" onDone={reload} />
 */
import { useState } from 'react';
import { Button } from 'antd';
import { api } from '../api/index.ts';
import { ActionFormDialog } from '../cases/workflow/ActionFormDialog.tsx';
import { todayHere } from '../i18n/dates.ts';

export interface StepButtonProps {
  table: 'stockorder' | 'stocktransfer';
  id: string;
  action: string;
  form: string;
  label: string;
  onDone: () => void;
}

export function StepButton({ table, id, action, form, label, onDone }: StepButtonProps) {
  const [open, setOpen] = useState(false);
  const testId = `${table}-${action}`;
  return (
    <>
      <Button size="small" data-testid={`${testId}-${id}`} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ActionFormDialog
        open={open}
        form={form}
        testId={`${testId}-dialog`}
        title={label}
        values={{ date: todayHere() }}
        save={(doc) => api.post(`/api/tbl/${table}/${encodeURIComponent(id)}/action/${encodeURIComponent(action)}`, doc)}
        onClose={() => setOpen(false)}
        onDone={() => {
          setOpen(false);
          onDone();
        }}
      />
    </>
  );
}
