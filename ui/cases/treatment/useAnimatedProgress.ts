/**
 * The treatment progress as drawn: 0 first, the value 300 ms later, so the bar
 * grows into place; at once when the user asked for less motion.
 *
 * @example
 *   const shown = useAnimatedProgress(treatment.progress); // 0, then 42 after 300 ms
 */
import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '../../generic/usePrefersReducedMotion.ts';

export const PROGRESS_DELAY_MS = 300;

export function useAnimatedProgress(value: number): number {
  const reduced = usePrefersReducedMotion();
  const [shown, setShown] = useState(reduced ? value : 0);
  useEffect(() => {
    if (reduced) {
      setShown(value);
      return;
    }
    const timer = setTimeout(() => setShown(value), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, reduced]);
  return shown;
}
