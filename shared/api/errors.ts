/** Known `sdk_error_code` values (compat.md §2), plus Trackdesk's own where the hosted service has none. */
export const SdkError = {
  none: 0,
  validation: 40000,
  badSemver: 42001,
  noModelToUpdate: 42006,
  registryModelNotFound: 42008,
  duplicateVersion: 42010,
  promotionPending: 42030,
  approvalRefused: 42031,
  keyNotRegistered: 90212,
  /** Trackdesk's: a sign-in refused (unknown user, wrong password, or no password set: one answer for all). */
  signInRefused: 40100,
  noSuchWorkspace: 90219,
  noProjectName: 98219,
  noWriteAccess: 90210,
  noSuchExperiment: 90211,
  experimentKeyMissing: 90998,
  experimentExists: 90999,
  noArtifact: 624522,
  noArtifactVersion: 624523,
  artifactVersionExists: 90399,
  stateImmutable: 90401,
  artifactVersionFailed: 90402,
  artifactVersionOpen: 90403,
  invalidState: 90410,
  notFound: 40400,
  conflict: 40900,
  tooLarge: 41300,
  throttled: 42900,
  internal: 50000,
  notImplemented: 50100,
  /** The live SDK shows `msg` of a failed upload (clients.md B.7). */
  uploadMessage: 7777777,
  /** The live SDK takes a failed upload with this code as already done (clients.md B.7). */
  alreadyUploaded: 7000005,
} as const;

/** The name of a known sdk error. */
export type SdkErrorName = keyof typeof SdkError;
