import { useEffect, useState } from 'react';

/**
 * Whether a section is to be rendered: at once when `shown`, else built ahead (hidden by the caller) in a task of its
 * own just after the page could first paint (`pageReady`), and kept once built. The Metrics section built so has
 * drawn its charts by the time its tab is clicked, which then only shows them. Not a transition: other updates of the
 * opening page (its reads answering) would interrupt it and make it start over, so it could still be unbuilt then.
 */
export function useBuiltAhead(shown: boolean, pageReady: boolean): boolean {
  const [built, setBuilt] = useState(shown);
  if (shown && !built) setBuilt(true);
  useEffect(() => {
    if (built || !pageReady) return undefined;
    const timer = setTimeout(() => setBuilt(true), 0);
    return () => clearTimeout(timer);
  }, [built, pageReady]);
  return built;
}
