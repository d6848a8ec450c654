// Overridable so that several e2e runs can share a machine (E2E_PORT, E2E_SMTP_PORT).
export const PUERTO_APP = Number(process.env.E2E_PORT ?? 3107);
export const PUERTO_SMTP = Number(process.env.E2E_SMTP_PORT ?? 2527);
/** The OpenID provider on loopback that the app signs in with (specs/identidad.spec.ts). */
export const PUERTO_OIDC = Number(process.env.E2E_OIDC_PORT ?? 3882);
export const ETIQUETA_OIDC = "Proveedor de pruebas";
export const PRIMER_ADMIN = { email: "primer@filademo.es", password: "primer-admin-e2e-2026" };
/** The simulated Redsys (the bank's virtual POS) on loopback (specs/pago-online.spec.ts). */
export const PUERTO_REDSYS = Number(process.env.E2E_REDSYS_PORT ?? 3884);
/**
 * The second, empty installations (support/instalacion-nueva.ts) of the specs that must not change
 * the demo server: their ports from the environment, or, unset (0), one the system gives free when
 * each starts, so that runs side by side on one machine never share one.
 */
export const PUERTO_RESTAURACION = Number(process.env.E2E_PUERTO_RESTAURACION ?? 0);
export const PUERTO_TEXTOS = Number(process.env.E2E_PUERTO_TEXTOS ?? 0);
