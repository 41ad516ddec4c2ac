/** E17–E26 and the registry reads. */
export const registryEndpoints = {};
