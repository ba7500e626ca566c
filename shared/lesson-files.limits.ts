/** Upload limits of lesson files (the admin's lesson editor checks them before sending, the server after). */
export const RESOURCE_MAX_BYTES = 25 * 1024 * 1024;
export const CAPTIONS_MAX_BYTES = 1024 * 1024;
