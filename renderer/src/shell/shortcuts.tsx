import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isTextEntry, matchesKeyCombo, parseKeyCombo } from './key-combo.ts';

/** A keyboard shortcut as the shortcut list shows it. */
interface ShortcutInfo {
  id: number;
  /** `Mod+S`, `Alt+1`, `n`, `?`… (Mod is Ctrl, or Cmd on macOS). */
  keys: string;
  description: string;
  /** Heading in the shortcut list (e.g. "Everywhere", "Projects"). */
  group: string;
}

/** When a shortcut applies. */
interface ShortcutOptions {
  /** Default true; a disabled shortcut neither fires nor shows in the list. */
  enabled?: boolean;
  /** Heading in the shortcut list; default "This screen". */
  group?: string;
  /** Fire while a dialog is open (default only with Mod/Alt combos that a dialog registers itself). */
  inDialogs?: boolean;
}

interface Registered extends ShortcutInfo {
  handler: { current: () => void };
  inDialogs: boolean;
}

interface ShortcutRegistry {
  register(entry: Omit<Registered, 'id'>): () => void;
  list: ShortcutInfo[];
}

const ShortcutContext = createContext<ShortcutRegistry | undefined>(undefined);

function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/** Holds the registered shortcuts and dispatches key presses to them. */
export function ShortcutProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<Registered[]>([]);
  const nextId = useRef(1);
  const register = useCallback((entry: Omit<Registered, 'id'>) => {
    const id = nextId.current++;
    setEntries((current) => [...current, { ...entry, id }]);
    return () => setEntries((current) => current.filter((registered) => registered.id !== id));
  }, []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      for (const entry of [...entries].reverse()) {
        const combo = parseKeyCombo(entry.keys);
        if (!matchesKeyCombo(combo, event)) continue;
        if (!combo.mod && !combo.alt && isTextEntry(event.target)) continue;
        if (!entry.inDialogs && dialogOpen()) continue;
        event.preventDefault();
        entry.handler.current();
        return;
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [entries]);
  const registry = useMemo<ShortcutRegistry>(
    () => ({ register, list: entries.map(({ id, keys, description, group }) => ({ id, keys, description, group })) }),
    [register, entries],
  );
  return <ShortcutContext.Provider value={registry}>{children}</ShortcutContext.Provider>;
}

function useRegistry(): ShortcutRegistry {
  const registry = useContext(ShortcutContext);
  if (!registry) throw new Error('Shortcuts are used outside <ShortcutProvider>.');
  return registry;
}

/** Registers a keyboard shortcut while the calling component is mounted; it also appears in the shortcut list. */
export function useShortcut(keys: string, description: string, handler: () => void, options: ShortcutOptions = {}): void {
  const { register } = useRegistry();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  const { enabled = true, group = 'This screen', inDialogs = false } = options;
  useEffect(() => {
    if (!enabled) return undefined;
    return register({ keys, description, group, inDialogs, handler: handlerRef });
  }, [register, keys, description, group, inDialogs, enabled]);
}

/** The shortcuts registered right now, for the shortcut list. */
export function useShortcutList(): ShortcutInfo[] {
  return useRegistry().list;
}
