/** E56–E57, the webhook config read and the delivery extensions. */
export const webhookEndpoints = {};
