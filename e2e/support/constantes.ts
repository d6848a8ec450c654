export const PUERTO_APP = 3107;
export const PUERTO_SMTP = 2527;
export const PRIMER_ADMIN = { email: "primer@filademo.es", password: "primer-admin-e2e-2026" };
