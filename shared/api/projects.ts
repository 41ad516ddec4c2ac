/** E11–E16 and the project reads. */
export const projectEndpoints = {};
