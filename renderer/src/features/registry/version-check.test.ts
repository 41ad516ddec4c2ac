import { describe, expect, it } from 'vitest';
import { checkNewVersion, highestVersion, normalizeVersion, suggestNextVersion } from './version-check.ts';

describe('semantic-version validation of new registry versions', () => {
  it('normalizes as the service does: trimmed, leading v dropped, build metadata kept', () => {
    expect(normalizeVersion(' v1.2.3 ')).toBe('1.2.3');
    expect(normalizeVersion('2.0.0-rc.1+build.7')).toBe('2.0.0-rc.1+build.7');
    expect(normalizeVersion('1.2')).toBeNull();
    expect(normalizeVersion('latest')).toBeNull();
  });

  it('refuses empty and non-semantic versions with a message that shows the expected form', () => {
    expect(checkNewVersion('  ', [])).toEqual({ ok: false, message: 'Enter a version, e.g. 1.0.0.' });
    const refused = checkNewVersion('1.0', []);
    expect(refused.ok).toBe(false);
    expect(refused.ok ? '' : refused.message).toContain('“1.0” is not a semantic version');
    expect(checkNewVersion('01.2.3', []).ok).toBe(false);
  });

  it('refuses a version the model already has, also when written differently', () => {
    expect(checkNewVersion('v1.0.0', ['1.0.0', '1.1.0'])).toEqual({ ok: false, message: 'The model already has version 1.0.0.' });
    expect(checkNewVersion('1.0.0+b2', ['1.0.0+b1']).ok).toBe(true);
  });

  it('accepts a lower version but says so', () => {
    expect(checkNewVersion('1.5.0', ['2.0.0', '1.0.0'])).toEqual({ ok: true, version: '1.5.0', note: 'Lower than the latest version, 2.0.0.' });
    expect(checkNewVersion('v3.0.0', ['2.0.0'])).toEqual({ ok: true, version: '3.0.0' });
  });

  it('finds the highest version by precedence, not by text, and suggests the next minor', () => {
    expect(highestVersion(['1.9.0', '1.10.0', '1.10.0-rc.1', 'junk'])).toBe('1.10.0');
    expect(suggestNextVersion([])).toBe('1.0.0');
    expect(suggestNextVersion(['1.9.0', '1.10.0'])).toBe('1.11.0');
  });
});
