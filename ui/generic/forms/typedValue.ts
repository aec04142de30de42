/**
 * A text held by its input while the user types and handed on when typing pauses or the input is
 * left (`HeldTextInput`: the report editor's titles), so a key redraws the input alone, not the
 * screen whose state keeps the text. Schema forms do not use it: a field's text handed
 * late lost a correction typed after a refused save (the tag dialog in case-workflow's browser test);
 * they hand a key's change to rjsf in a transition instead (`deferredChange.ts`).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** How long typing pauses before the text goes to the form. */
export const HAND_AFTER_MS = 300;

/** The fields holding typed text not yet handed to the form: each entry hands its own. */
export type TypedValues = Set<() => void>;

/**
 * A text field whose text its input holds itself (antd's `Input` or `TextArea` drawn with
 * `defaultValue`, no `value`): a key redraws rc-input's input alone, not the components above it.
 * Draw the input with `key` and `defaultValue` (a value from the form that differs from what the
 * input shows, while the user is not typing, draws it anew), give it `onChange` with its text;
 * `replace` shows and hands a rewritten text (trimmed when left), `hand` hands what was typed now.
 *
 * @example
 *   const typed = useTypedText(props.value, props.onChange, options.emptyValue, ctx.typed);
 *   <Input key={typed.key} defaultValue={typed.defaultValue} onChange={(e) => typed.onChange(e.target.value)}
 *          onBlur={() => { typed.hand(); props.onBlur(id, value); }} />
 */
export function useTypedText(value: unknown, onChange: (value: unknown) => void, empty: unknown, typed?: TypedValues) {
  const textOf = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  const [version, setVersion] = useState(0);
  const [given, setGiven] = useState(value);
  /** The text the input shows now. */
  const text = useRef(textOf(value));
  const waiting = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef({ onChange, empty });
  latest.current = { onChange, empty };
  if (!Object.is(value, given)) {
    setGiven(value);
    if (!waiting.current && textOf(value) !== text.current) {
      text.current = textOf(value);
      setVersion((n) => n + 1);
    }
  }
  const hand = useCallback(() => {
    clearTimeout(timer.current);
    if (!waiting.current) return;
    waiting.current = false;
    typed?.delete(hand);
    latest.current.onChange(text.current === '' ? latest.current.empty : text.current);
  }, [typed]);
  const change = useCallback(
    (next: string) => {
      text.current = next;
      waiting.current = true;
      typed?.add(hand);
      clearTimeout(timer.current);
      timer.current = setTimeout(hand, HAND_AFTER_MS);
    },
    [typed, hand],
  );
  const replace = (next: string) => {
    change(next);
    setVersion((n) => n + 1);
    hand();
  };
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      typed?.delete(hand);
    },
    [typed, hand],
  );
  return { key: version, defaultValue: text.current, onChange: change, hand, replace };
}
