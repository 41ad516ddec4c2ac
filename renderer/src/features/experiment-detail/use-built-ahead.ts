import { startTransition, useEffect, useState } from 'react';

/**
 * Whether a section is to be rendered: at once when `shown`, else built ahead (hidden by the caller) in a transition
 * just after the page could first paint (`pageReady`), and kept once built. The Metrics section built so has drawn
 * its charts by the time its tab is clicked, which then only shows them; other work never waits for it.
 */
export function useBuiltAhead(shown: boolean, pageReady: boolean): boolean {
  const [built, setBuilt] = useState(shown);
  if (shown && !built) setBuilt(true);
  useEffect(() => {
    if (built || !pageReady) return undefined;
    const timer = setTimeout(() => startTransition(() => setBuilt(true)), 0);
    return () => clearTimeout(timer);
  }, [built, pageReady]);
  return built;
}
