import semver from 'semver';
import { SdkError } from '../../../shared/api/index.ts';
import { badRequest } from '../http/api-error.ts';

/** The version E17/E18 use when the client sends none (and parseVersion reads for an empty text). */
const DEFAULT_VERSION = '1.0.0';

/** Normalizes a semantic version (`v1.2.3` → `1.2.3`, build metadata kept); 400 with 42001 when invalid. */
export function parseVersion(text: string | undefined): string {
  const given = text?.trim() || DEFAULT_VERSION;
  const parsed = semver.parse(given);
  if (!parsed) throw badRequest(`The version "${given}" is not a semantic version (major.minor.patch, e.g. 1.0.0).`, SdkError.badSemver);
  return parsed.build.length > 0 ? `${parsed.version}+${parsed.build.join('.')}` : parsed.version;
}
