/** E31, E44–E49 and the asset, model and git patch reads. */
export const assetEndpoints = {};
