/** E27–E43, E55 and the logged-data reads. */
export const loggingEndpoints = {};
