/**
 * SPEC §9: "API subversion value '1'". The SPA sends it on every call in `X-Api-Version`; the
 * API answers with its own in the same header and refuses (426) a client older than it serves.
 */
export const VERSION_API = 1;

export const CABECERA_VERSION_API = "X-Api-Version";

/** The error code of the 426 answer: the SPA reloads to get the current bundle. */
export const ERROR_VERSION_ANTIGUA = "version_antigua";
