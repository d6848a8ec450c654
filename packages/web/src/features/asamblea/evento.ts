/**
 * The window event of `event: asamblea` on `GET /api/eventos` (a vote opened or closed, a
 * check-in): push/eventos.ts dispatches it, the assembly's queries listen. A module of its own so
 * the phone's chunk does not load the push code nor `@fila/domain`.
 */
export const EVENTO_ASAMBLEA = "fila:asamblea";
