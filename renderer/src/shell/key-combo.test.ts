import { describe, expect, it } from 'vitest';
import { describeKeyCombo, matchesKeyCombo, parseKeyCombo } from './key-combo.ts';

const press = (key: string, extra: Partial<KeyboardEvent> = {}) => ({
  key,
  code: /^\d$/.test(key) ? `Digit${key}` : `Key${key.toUpperCase()}`,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...extra,
});

describe('key combinations', () => {
  it('matches plain keys only without modifiers', () => {
    expect(matchesKeyCombo(parseKeyCombo('n'), press('n'))).toBe(true);
    expect(matchesKeyCombo(parseKeyCombo('n'), press('n', { ctrlKey: true }))).toBe(false);
    expect(matchesKeyCombo(parseKeyCombo('n'), press('N', { shiftKey: true }))).toBe(false);
  });

  it('treats Mod as Ctrl or Cmd and needs Shift only where written', () => {
    expect(matchesKeyCombo(parseKeyCombo('Mod+S'), press('s', { ctrlKey: true }))).toBe(true);
    expect(matchesKeyCombo(parseKeyCombo('Mod+S'), press('s', { metaKey: true }))).toBe(true);
    expect(matchesKeyCombo(parseKeyCombo('Shift+R'), press('R', { shiftKey: true }))).toBe(true);
    expect(matchesKeyCombo(parseKeyCombo('?'), { ...press('?', { shiftKey: true }), code: 'Slash' })).toBe(true);
  });

  it('matches Alt+digit by the physical key, whatever character the layout makes of it', () => {
    expect(matchesKeyCombo(parseKeyCombo('Alt+1'), { ...press('1', { altKey: true }), key: '¡' })).toBe(true);
    expect(matchesKeyCombo(parseKeyCombo('Alt+1'), press('2', { altKey: true }))).toBe(false);
  });

  it('describes combinations per platform', () => {
    expect(describeKeyCombo('Mod+S', false)).toBe('Ctrl+S');
    expect(describeKeyCombo('Mod+S', true)).toBe('⌘S');
  });
});
