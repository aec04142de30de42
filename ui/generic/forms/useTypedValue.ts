/**
 * A text field's key draws the field alone (issue 26): the text typed is kept and shown by the field
 * at once, and the change reaches rjsf in a transition, so rjsf's state, its redraw of the form and
 * the form's `onChange` come after the key's frame and give way to the next key. While the change
 * is on its way the field shows the text typed; after, it shows what rjsf holds, so a value
 * rewritten from outside (a field cleared by another) shows as it is.
 *
 * A save must not validate the form without the last keys: the form's `pendingChanges` (in its
 * form context) holds, for each field with a change on its way, a call that hands it to rjsf at
 * once; {@link flushPendingChanges} makes them before rjsf reads its state.
 *
 * @example
 *   const typing = useTypedValue(props.onChange, props.registry.formContext, String(props.value ?? ''));
 *   <Input value={typing.pending ? typing.typed : String(props.value ?? '')}
 *          onChange={(e) => typing.change(e.target.value, e.target.value || undefined)} />
 */
import { useEffect, useRef, useState, useTransition } from 'react';

/** The form context's set of changes on their way to rjsf: each call hands one to rjsf at once. */
export interface PendingChanges {
  pendingChanges?: Set<() => void>;
}

export interface TypedValue {
  /** The text last typed into the field (its initial text before any key). */
  typed: string;
  /** Whether rjsf has not yet taken the last change: the field shows `typed`. */
  pending: boolean;
  /** A key: `text` shown now, `value` handed to rjsf in a transition. */
  change: (text: string, value: unknown) => void;
}

export function useTypedValue(onChange: (value: unknown) => void, formContext: unknown, initialText = ''): TypedValue {
  const [pending, startTransition] = useTransition();
  const [typed, setTyped] = useState(initialText);
  const pendingChanges = (formContext as PendingChanges | undefined)?.pendingChanges;
  const last = useRef<{ value: unknown; onChange: typeof onChange }>(undefined);
  // one stable call per field, so the set holds each field once
  const [handOver] = useState(() => () => {
    if (last.current) last.current.onChange(last.current.value);
  });
  useEffect(() => {
    if (!pending) pendingChanges?.delete(handOver);
  }, [pending, pendingChanges, handOver]);
  useEffect(() => () => void pendingChanges?.delete(handOver), [pendingChanges, handOver]);
  return {
    typed,
    pending,
    change: (text, value) => {
      setTyped(text);
      if (!pendingChanges) return onChange(value); // outside a SchemaForm: no one would hand it over
      last.current = { value, onChange };
      pendingChanges.add(handOver);
      startTransition(() => onChange(value));
    },
  };
}

/**
 * Hands rjsf every change still on its way, at once (before a save is validated).
 * @example flushSync(() => flushPendingChanges(pendingChanges));
 */
export function flushPendingChanges(pendingChanges: Set<() => void>): void {
  const calls = [...pendingChanges];
  pendingChanges.clear();
  for (const call of calls) call();
}
