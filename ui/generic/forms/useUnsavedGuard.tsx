/**
 * Asks before a dialog with unsaved input is closed by Escape or its close button: 'Закрыть без
 * сохранения?'. Input counts once the user has typed in the form, or clicked inside it and the form
 * then changed (rjsf's own changes on opening, such as defaults, do not). On an offline client it also
 * tells the client while there is unsaved input (every minute, and when it ends): its automatic
 * synchronisation waits meanwhile (server/sync/client/auto.ts).
 *
 * @example
 *   const guard = useUnsavedGuard(onCancel);
 *   <Modal onCancel={guard.close}><div {...guard.watch}><SchemaForm onChange={guard.changed} …/></div>{guard.dialog}</Modal>
 */
import { useContext, useEffect, useRef, type ReactNode } from 'react';
import { noteEditing } from '../../api/sync.ts';
import { SessionContext } from '../../session/SessionContext.tsx';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../ConfirmDialog.tsx';

export interface UnsavedGuard {
  /** For the dialog's `onCancel`: closes at once, or after a 'yes' when there is unsaved input. */
  close: () => void;
  /** For the form's `onChange`. */
  changed: () => void;
  /** Spread on the element around the form: notes that the user is at work in it. */
  watch: { onKeyDownCapture: () => void; onPointerDownCapture: () => void; onInputCapture: () => void };
  /** The confirmation, to render inside the dialog. */
  dialog: ReactNode;
  /** Forget the input (after a save). */
  reset: () => void;
}

export function useUnsavedGuard(onClose: () => void): UnsavedGuard {
  const { t } = useTranslation();
  const [confirm, dialog] = useConfirm();
  const touched = useRef(false);
  // refs, not state: the dialog may hold on to an earlier `close`
  const dirty = useRef(false);
  const asking = useRef(false);
  const onClient = !!useContext(SessionContext)?.session?.clientMode;
  const form = useRef(crypto.randomUUID());
  const heartbeat = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const editing = (on: boolean) => {
    if (!onClient || on === !!heartbeat.current) return;
    clearInterval(heartbeat.current);
    heartbeat.current = on ? setInterval(() => void noteEditing(form.current, true).catch(() => undefined), 60_000) : undefined;
    void noteEditing(form.current, on).catch(() => undefined);
  };
  const dirtied = () => {
    dirty.current = true;
    editing(true);
  };
  // the form gone (closed, saved, the page left): no unsaved input any more
  useEffect(() => () => editing(false), []);
  return {
    close: () => {
      if (!dirty.current) return onClose();
      if (asking.current) return;
      asking.current = true;
      void confirm(t('ui.form.unsavedClose')).then((yes) => {
        asking.current = false;
        if (yes) {
          editing(false);
          onClose();
        }
      });
    },
    changed: () => {
      if (touched.current) dirtied();
    },
    watch: {
      onKeyDownCapture: () => void (touched.current = true),
      onPointerDownCapture: () => void (touched.current = true),
      // a key's change reaches the form after its frame (deferredChange.ts): the text typed counts at once
      onInputCapture: () => {
        touched.current = true;
        dirtied();
      },
    },
    dialog,
    reset: () => {
      touched.current = false;
      dirty.current = false;
      editing(false);
    },
  };
}
