/** Los dos valores de los campos sí/no de SPEC («si» y «no», sin tilde). Sin zod: la web lo usa al arrancar. */
export const SI_NO = ["si", "no"] as const;
export type SiNo = (typeof SI_NO)[number];
