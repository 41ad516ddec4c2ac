import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The height that lets an element reach down to the bottom of the window (at least `min`: a head and three rows, so
 * that a short window with a tall bar above the table does not push its last rows off the window), kept current when
 * the window resizes, the page body does, or anything above the element changes size (a bar coming or going). A
 * virtualized table needs a bounded height: grown to its content, it would render every row.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, min = 180, margin = 8): number {
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
    // What lies above the element moves it without resizing the page (a bar appearing over the table): watch its
    // ancestors (which grow with a bar added) and the elements before it and before each of them.
    for (let node = ref.current?.parentElement ?? null; node && node !== document.body; node = node.parentElement) {
      observer?.observe(node);
      for (let above = node.previousElementSibling; above; above = above.previousElementSibling) observer?.observe(above);
    }
    for (let above = ref.current?.previousElementSibling ?? null; above; above = above.previousElementSibling) observer?.observe(above);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref, min, margin]);
  return height;
}
