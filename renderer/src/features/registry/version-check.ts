import semver from 'semver';

/** The version the service uses when none is given. */
export const DEFAULT_VERSION = '1.0.0';

/** The outcome of checking a new version: the text the service will store, or why it would be refused. */
type VersionCheck = { ok: true; version: string; note?: string } | { ok: false; message: string };

/** A version as the service stores it (trimmed, leading `v` dropped, build metadata kept), or null when it is not semantic. */
export function normalizeVersion(text: string): string | null {
  const parsed = semver.parse(text.trim());
  if (!parsed) return null;
  return parsed.build.length > 0 ? `${parsed.version}+${parsed.build.join('.')}` : parsed.version;
}

/** The highest of the given versions by semantic-version precedence (invalid ones ignored), or undefined. */
export function highestVersion(versions: readonly string[]): string | undefined {
  return versions
    .filter((version) => semver.valid(version) !== null)
    .reduce<string | undefined>((best, next) => (best === undefined || semver.gt(next, best) ? next : best), undefined);
}

/** Checks a version for a new registry version before it is sent: semantic, and not one the model already has. */
export function checkNewVersion(text: string, existing: readonly string[]): VersionCheck {
  const given = text.trim();
  if (!given) return { ok: false, message: 'Enter a version, e.g. 1.0.0.' };
  const version = normalizeVersion(given);
  if (!version) return { ok: false, message: `“${given}” is not a semantic version: use major.minor.patch, e.g. 1.2.0 or 2.0.0-rc.1.` };
  if (existing.some((other) => normalizeVersion(other) === version)) return { ok: false, message: `The model already has version ${version}.` };
  const highest = highestVersion(existing);
  if (highest !== undefined && semver.lt(version, highest)) return { ok: true, version, note: `Lower than the latest version, ${highest}.` };
  return { ok: true, version };
}

/** The version to propose for a new version: the next minor after the highest, or 1.0.0 for the first. */
export function suggestNextVersion(existing: readonly string[]): string {
  const highest = highestVersion(existing);
  return highest === undefined ? DEFAULT_VERSION : (semver.inc(highest, 'minor') ?? DEFAULT_VERSION);
}
