import { flushSync } from 'react-dom';
import { startTransition, useRef, useState } from 'react';

/**
 * A text field's value as the user types it, handed to the form in a React transition (issue 26):
 * a key redraws the field at once, and the form — rjsf redraws all of it on a change — catches up
 * when the browser is free, skipping the keys typed meanwhile. Leaving the field or pressing Enter
 * hands the value over at once (`flush`), so a save never misses the last key. A value the form
 * sets itself (a reset, a field cleared by another) replaces the one typed.
 *
 * @example
 *   const text = useDeferredChange(props.value, props.onChange);
 *   <input value={text.shown ?? ''} onChange={(e) => text.change(e.target.value)} onBlur={text.flush} />
 */
export function useDeferredChange<T>(value: T, onChange: (v: T) => void) {
  const [shown, setShown] = useState(value);
  const [given, setGiven] = useState(value);
  /** Values handed over and not yet back from the form, oldest first. */
  const sent = useRef<T[]>([]);
  if (!Object.is(value, given)) {
    setGiven(value);
    const i = sent.current.findIndex((v) => Object.is(v, value));
    if (i >= 0) sent.current.splice(0, i + 1);
    else {
      sent.current = [];
      setShown(value);
    }
  }
  const change = (v: T) => {
    setShown(v);
    sent.current.push(v);
    startTransition(() => onChange(v));
  };
  const flush = () => {
    const last = sent.current.at(-1);
    if (sent.current.length && !Object.is(last, value)) flushSync(() => onChange(last as T));
  };
  return { shown, change, flush };
}
