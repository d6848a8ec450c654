import { z } from "zod";
import { EmailSchema, IdSchema, SiNoSchema } from "../comun/esquemas";
import { validarPassword } from "../validacion/password";
import { IDIOMAS, ROLES, ROLES_SESION, type UsuarioSesion } from "./usuario-sesion";

export * from "./usuario-sesion";

export const RolSchema = z.enum(ROLES);
export const RolSesionSchema = z.enum(ROLES_SESION);
export const IdiomaSchema = z.enum(IDIOMAS);

/** Body of `PUT /api/sesion/idioma`. */
export const CambioIdiomaSchema = z.object({ idioma: IdiomaSchema });
export type CambioIdioma = z.infer<typeof CambioIdiomaSchema>;

export const UsuarioSesionSchema = z.object({
  id: z.int().nonnegative().default(0),
  nombre: z.string().default(""),
  email: z.string().default(""),
  rol: RolSesionSchema.default("ninguno"),
  socioId: z.int().nonnegative().default(0),
  condicionesAceptadas: SiNoSchema.default("no"),
  tokenPush: z.string().default(""),
  idioma: IdiomaSchema.default("es"),
});
// The same user as the hand-written reader in usuario-sesion.ts (checked in both directions).
type Igual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Afirmar<T extends true> = T;
export type MismoUsuarioSesion = Afirmar<Igual<z.infer<typeof UsuarioSesionSchema>, UsuarioSesion>>;

/** Longitud máxima de una contraseña que se acepta recibir (protege el hash). */
const PASSWORD_RECIBIDA_MAX = 1024;

export const PasswordRecibidaSchema = z
  .string({ error: "Introduce la contraseña" })
  .min(1, { error: "Introduce la contraseña" })
  .max(PASSWORD_RECIBIDA_MAX, { error: "Introduce la contraseña" });

/** Una contraseña nueva que cumple la política (longitud y lista de comunes). */
export const PasswordNuevaSchema = z.string().superRefine((password, ctx) => {
  const motivo = validarPassword(password);
  if (motivo !== null) ctx.addIssue({ code: "custom", message: motivo });
});

/** A TOTP code (6 digits) or a recovery code, when the account has two-factor codes on. */
export const CodigoSegundoFactorSchema = z
  .string({ error: "Escribe el código" })
  .trim()
  .min(1, { error: "Escribe el código" })
  .max(32, { error: "El código no es válido" });

export const LoginRequestSchema = z.object({
  email: EmailSchema,
  password: PasswordRecibidaSchema,
  codigo: CodigoSegundoFactorSchema.optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({
  accessToken: z.string(),
  id: IdSchema,
  nombre: z.string(),
  email: z.string(),
  rol: RolSchema,
  socioId: z.int().nonnegative(),
  condicionesAceptadas: SiNoSchema,
  idioma: IdiomaSchema,
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const CambioPasswordSchema = z.object({
  idSocio: z.int().nonnegative(),
  antigua: z.string().max(PASSWORD_RECIBIDA_MAX),
  nueva: z.string().max(PASSWORD_RECIBIDA_MAX),
});
export type CambioPassword = z.infer<typeof CambioPasswordSchema>;

export const CondicionesSchema = z.object({
  id: IdSchema,
});
export type Condiciones = z.infer<typeof CondicionesSchema>;

export const ResetSolicitudSchema = z.object({
  email: EmailSchema,
});
export type ResetSolicitud = z.infer<typeof ResetSolicitudSchema>;

export const ResetConfirmarSchema = z.object({
  token: z.string().min(1).max(PASSWORD_RECIBIDA_MAX),
  nueva: z.string().max(PASSWORD_RECIBIDA_MAX),
});
export type ResetConfirmar = z.infer<typeof ResetConfirmarSchema>;
