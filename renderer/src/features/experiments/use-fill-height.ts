import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The height that lets an element reach down to the bottom of the window (at least `min`), kept current when
 * the window resizes or something above it changes size (which resizes the page body). A virtualized table
 * needs a bounded height: grown to its content, it would render every row.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, min = 320, margin = 8): number {
  const [height, setHeight] = useState(min);
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (element) setHeight(Math.max(min, Math.floor(window.innerHeight - element.getBoundingClientRect().top - margin)));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref, min, margin]);
  return height;
}
