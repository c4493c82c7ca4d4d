import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Whether a horizontal scroller can move further left or right; follows scrolling and resizing. */
export function useScrollEdges(ref: RefObject<HTMLElement | null>, contentKey: unknown) {
  const [edges, setEdges] = useState({ canScrollLeft: false, canScrollRight: false });

  const update = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    // One pixel of slack: fractional widths leave scrollLeft a hair short of the end.
    const canScrollLeft = element.scrollLeft > 1;
    const canScrollRight = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setEdges((previous) =>
      previous.canScrollLeft === canScrollLeft && previous.canScrollRight === canScrollRight
        ? previous
        : { canScrollLeft, canScrollRight },
    );
  }, [ref]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref, update, contentKey]);

  return edges;
}
