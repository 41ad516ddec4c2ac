import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLoggedValue, plural, withArticle } from './format.ts';

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

describe('words for counts, roles and times', () => {
  it('agrees a noun with its count, including irregular plurals', () => {
    expect(plural(1, 'point')).toBe('1 point');
    expect(plural(2, 'point')).toBe('2 points');
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
    expect(plural(3, 'entry', 'entries')).toBe('3 entries');
  });

  it('puts "an" before a vowel and "a" before a consonant', () => {
    expect(withArticle('admin')).toBe('an admin');
    expect(withArticle('member')).toBe('a member');
    expect(withArticle('viewer')).toBe('a viewer');
  });

  it('writes every time in one locale format, to the second, and nothing for no time', () => {
    const millis = new Date(2026, 10, 29, 1, 0, 21).getTime();
    const expected = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(millis);
    expect(formatDateTime(millis)).toBe(expected);
    expect(formatDateTime(millis)).toMatch(/21/);
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});
