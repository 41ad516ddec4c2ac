/** E50–E54 (artifacts, stores, panels, remote calls) and their reads. */
export const artifactEndpoints = {};
