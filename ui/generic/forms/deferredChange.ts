/**
 * A text field's key draws the field alone: the text typed is kept and shown by the field
 * at once, and the change reaches rjsf in a transition, so rjsf's state, its redraw of the form and
 * the form's `onChange` come after the key's frame and give way to the next key. While the change
 * is on its way the field shows the text typed; after, it shows what rjsf holds, so a value
 * rewritten from outside (a field cleared by another) shows as it is.
 *
 * No other change may overtake one on its way: rjsf would commit the other from a document without
 * the last letters, and they would be lost. The form's `deferredChanges` (in its form context) holds,
 * for each field with a change on its way, a call that hands it to rjsf at once;
 * {@link flushDeferredChanges} makes them when the field is left, before any pointer or focus lands
 * elsewhere in the form, and before a save is validated (`SchemaForm.tsx`).
 * (`typedValue.ts` is the other way, for screens whose state is not rjsf's: the text handed on a pause.)
 *
 * @example
 *   const typing = useDeferredChange(props.onChange, props.registry.formContext, String(props.value ?? ''));
 *   <Input value={typing.pending ? typing.typed : String(props.value ?? '')}
 *          onChange={(e) => typing.change(e.target.value, e.target.value || undefined)} onBlur={typing.handOver} />
 */
import { useLayoutEffect, useRef, useState, useTransition } from 'react';
import { flushSync } from 'react-dom';

/** The form context's set of changes on their way to rjsf: each call hands one to rjsf at once. */
export interface DeferredChanges {
  deferredChanges?: Set<() => void>;
}

export interface DeferredChange {
  /** The text last typed into the field (its initial text before any key). */
  typed: string;
  /** Whether rjsf has not yet taken the last change: the field shows `typed`. */
  pending: boolean;
  /** A key: `text` shown now, `value` handed to rjsf in a transition. */
  change: (text: string, value: unknown) => void;
  /** Hands the change on its way to rjsf at once (the field is left). */
  handOver: () => void;
}

export function useDeferredChange(onChange: (value: unknown) => void, formContext: unknown, initialText = ''): DeferredChange {
  const [pending, startTransition] = useTransition();
  const [typed, setTyped] = useState(initialText);
  const deferredChanges = (formContext as DeferredChanges | undefined)?.deferredChanges;
  const last = useRef<{ value: unknown; onChange: typeof onChange }>(undefined);
  // one stable call per field, so the set holds each field once
  const [handOverNow] = useState(() => () => {
    if (last.current) last.current.onChange(last.current.value);
  });
  // in the commit itself (a passive effect could run after the next key and drop that key's entry):
  // the entry goes once rjsf holds the change, so a save never hands over a value already replaced
  useLayoutEffect(() => {
    if (!pending) deferredChanges?.delete(handOverNow);
  }, [pending, deferredChanges, handOverNow]);
  useLayoutEffect(() => () => void deferredChanges?.delete(handOverNow), [deferredChanges, handOverNow]);
  return {
    typed,
    pending,
    change: (text, value) => {
      setTyped(text);
      if (!deferredChanges) return onChange(value); // outside a SchemaForm: no one would hand it over
      last.current = { value, onChange };
      deferredChanges.add(handOverNow);
      startTransition(() => onChange(value));
    },
    handOver: () => {
      if (deferredChanges?.delete(handOverNow)) flushSync(handOverNow);
    },
  };
}

/**
 * Hands rjsf every change still on its way, at once and in one commit.
 * @example <div onPointerDownCapture={() => flushDeferredChanges(deferredChanges)}>…</div>
 */
export function flushDeferredChanges(deferredChanges: Set<() => void>): void {
  if (!deferredChanges.size) return;
  const calls = [...deferredChanges];
  deferredChanges.clear();
  flushSync(() => calls.forEach((call) => call()));
}
