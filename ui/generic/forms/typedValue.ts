/**
 * A typed field's value kept by the field while the user types, and handed to the form (rjsf's
 * `onChange`, which redraws the form's state, its object template and the field's antd Form.Item)
 * once typing pauses, when the field is left, and before a save or an Escape (`SchemaForm` flushes
 * what is typed and not yet handed: {@link TypedValues}). So a key redraws the input alone: on a
 * cheap tablet a key drawn through the whole form took several frames (issue 26).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** How long typing pauses before the text goes to the form. */
export const HAND_AFTER_MS = 300;

/** The fields holding typed text not yet handed to the form: each entry hands its own. */
export type TypedValues = Set<() => void>;

/** Hands every field's typed text to the form now. */
export function handTyped(typed: TypedValues | undefined): void {
  typed?.forEach((hand) => hand());
}

/**
 * The value a typed field shows and the `onChange` to give its input; `hand` hands what was typed
 * to `onChange` now (call it when the field is left). A value from the form (a field cleared by
 * another, the document replaced) is shown unless the user is typing.
 *
 * @example
 *   const typed = useTypedValue(props.value, props.onChange, ctx.typed);
 *   <BaseInput {...props} value={typed.value} onChange={typed.onChange}
 *              onBlur={(id, v) => { typed.hand(); props.onBlur(id, v); }} />
 */
export function useTypedValue<T>(value: T, onChange: (value: T) => void, typed?: TypedValues) {
  const [shown, setShown] = useState(value);
  const [given, setGiven] = useState(value);
  const waiting = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(onChange);
  latest.current = onChange;
  if (!Object.is(value, given)) {
    setGiven(value);
    if (!waiting.current) setShown(value);
  }
  const hand = useCallback(() => {
    clearTimeout(timer.current);
    const w = waiting.current;
    if (!w) return;
    waiting.current = null;
    typed?.delete(hand);
    latest.current(w.value);
  }, [typed]);
  const change = useCallback(
    (next: T) => {
      setShown(next);
      waiting.current = { value: next };
      typed?.add(hand);
      clearTimeout(timer.current);
      timer.current = setTimeout(hand, HAND_AFTER_MS);
    },
    [typed, hand],
  );
  // a field that goes (hidden, the dialog closed) takes its unhanded text with it
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      typed?.delete(hand);
    },
    [typed, hand],
  );
  return { value: shown, onChange: change, hand };
}

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
