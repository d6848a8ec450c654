import { SI_NO, type SiNo } from "../comun/si-no";

/**
 * Los roles y el usuario de la sesión, sin zod: la web los lee de `localStorage` al arrancar, en
 * su script de entrada, y zod (con los esquemas que lo usan) queda fuera de él. Los esquemas de
 * la API están en `usuario-sesion.schema.ts`, que comprueba que describen lo mismo.
 */

export const ROLES = ["administrador", "usuario", "socio"] as const;
export type Rol = (typeof ROLES)[number];

/** El rol de la sesión: uno de los tres, o "ninguno" sin sesión iniciada. */
export const ROLES_SESION = [...ROLES, "ninguno"] as const;
export type RolSesion = (typeof ROLES_SESION)[number];

export function esRol(valor: unknown): valor is Rol {
  return typeof valor === "string" && (ROLES as readonly string[]).includes(valor);
}

/** The languages of the app: Spanish (the default and the SPEC's) and Valencian (issue 38). */
export const IDIOMAS = ["es", "va"] as const;
export type Idioma = (typeof IDIOMAS)[number];
export const IDIOMA_POR_DEFECTO: Idioma = "es";

export function esIdioma(valor: unknown): valor is Idioma {
  return typeof valor === "string" && (IDIOMAS as readonly string[]).includes(valor);
}

export type UsuarioSesion = {
  id: number;
  nombre: string;
  email: string;
  rol: RolSesion;
  socioId: number;
  condicionesAceptadas: SiNo;
  tokenPush: string;
  idioma: Idioma;
};

export function usuarioSesionPorDefecto(): UsuarioSesion {
  return {
    id: 0,
    nombre: "",
    email: "",
    rol: "ninguno",
    socioId: 0,
    condicionesAceptadas: "no",
    tokenPush: "",
    idioma: IDIOMA_POR_DEFECTO,
  };
}

const esEnteroNoNegativo = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
const esTexto = (v: unknown) => typeof v === "string";
const CAMPOS: Record<keyof UsuarioSesion, (valor: unknown) => boolean> = {
  id: esEnteroNoNegativo,
  nombre: esTexto,
  email: esTexto,
  rol: (v) => (ROLES_SESION as readonly unknown[]).includes(v),
  socioId: esEnteroNoNegativo,
  condicionesAceptadas: (v) => (SI_NO as readonly unknown[]).includes(v),
  tokenPush: esTexto,
  idioma: esIdioma,
};

/**
 * El usuario de la sesión a partir de cualquier objeto (el JSON guardado, una respuesta de la
 * API): lo que falta toma su valor por defecto, lo que sobra se descarta y, si un campo no
 * vale, el usuario entero es el de por defecto (sin sesión), como `UsuarioSesionSchema`.
 */
export function leerUsuarioSesion(datos: unknown): UsuarioSesion {
  const usuario = usuarioSesionPorDefecto();
  if (typeof datos !== "object" || datos === null) return usuario;
  const campos = datos as Record<string, unknown>;
  for (const campo of Object.keys(CAMPOS) as (keyof UsuarioSesion)[]) {
    const valor = campos[campo];
    if (valor === undefined) continue;
    if (!CAMPOS[campo](valor)) return usuarioSesionPorDefecto();
    (usuario as Record<string, unknown>)[campo] = valor;
  }
  return usuario;
}
