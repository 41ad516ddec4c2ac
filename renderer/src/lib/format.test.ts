import { describe, expect, it } from 'vitest';
import { formatLoggedValue } from './format.ts';

describe('formatLoggedValue', () => {
  it('shortens long numbers to 6 significant digits and leaves everything else as logged', () => {
    expect(formatLoggedValue('0.014365489235212144')).toBe('0.0143655');
    expect(formatLoggedValue('0.6492692188156032')).toBe('0.649269');
    expect(formatLoggedValue('0.05')).toBe('0.05');
    expect(formatLoggedValue('123456789')).toBe('123456789');
    expect(formatLoggedValue('1e-12')).toBe('1e-12');
    expect(formatLoggedValue('imagenet')).toBe('imagenet');
    expect(formatLoggedValue('')).toBe('');
    expect(formatLoggedValue('NaN')).toBe('NaN');
  });
});
