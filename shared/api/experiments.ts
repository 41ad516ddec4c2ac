/** E2–E10 and the experiment list/metadata reads. */
export const experimentEndpoints = {};
