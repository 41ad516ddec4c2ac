/** A parsed key combination such as `Mod+S`, `Alt+1`, `Shift+R`, `n` or `?`. */
interface KeyCombo {
  /** Ctrl, or Cmd on macOS. */
  mod: boolean;
  alt: boolean;
  shift: boolean;
  /** The key, lower-cased for letters. */
  key: string;
}

/** Parses `Mod+S`-style text (modifiers Mod, Alt, Shift joined by `+`). */
export function parseKeyCombo(text: string): KeyCombo {
  const parts = text.split('+');
  const key = parts.pop() ?? '';
  const modifiers = new Set(parts.map((part) => part.toLowerCase()));
  return { mod: modifiers.has('mod'), alt: modifiers.has('alt'), shift: modifiers.has('shift'), key: key.length === 1 ? key.toLowerCase() : key };
}

/** The key an event means, independent of layouts that turn Alt+digit into another character. */
function eventKey(event: Pick<KeyboardEvent, 'key' | 'code'>): string {
  const digit = /^Digit(\d)$/.exec(event.code);
  if (digit?.[1]) return digit[1];
  return event.key.length === 1 ? event.key.toLowerCase() : event.key;
}

/** True when the keyboard event is the combination (Shift only counts for letters: `?` needs no `Shift+`). */
export function matchesKeyCombo(combo: KeyCombo, event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  if (combo.mod !== (event.ctrlKey || event.metaKey) || combo.alt !== event.altKey) return false;
  const key = eventKey(event);
  if (/^[a-z]$/.test(combo.key) && combo.shift !== event.shiftKey) return false;
  return key === combo.key || event.key === combo.key;
}

/** True when typing in this element should not trigger plain-key shortcuts. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The combination as shown to the user (`Ctrl+S`, or `⌘S` on macOS). */
export function describeKeyCombo(text: string, mac: boolean): string {
  return text
    .split('+')
    .map((part) => (part === 'Mod' ? (mac ? '⌘' : 'Ctrl') : part))
    .join(mac ? '' : '+');
}
