/**
 * The width of an element, followed as it changes (a ResizeObserver): for a layout chosen by the
 * room a card has, not by the window's width (a dashboard card is narrower than its window). The
 * element is handed over by a callback ref, so one drawn later (after its data came) is measured too.
 * @example const [ref, width] = useWidth<HTMLDivElement>(); return <div ref={ref}>{width !== undefined && width < 760 ? <List /> : <Table />}</div>;
 */
import { useLayoutEffect, useState } from 'react';

export function useWidth<T extends HTMLElement>(): [(el: T | null) => void, number | undefined] {
  const [el, setEl] = useState<T | null>(null);
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    if (!el) return;
    setWidth(el.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return [setEl, width];
}
