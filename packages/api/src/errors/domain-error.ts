import { codigoYStatus, type IdError } from "@fila/domain";
import { type ClaveMensaje, type Idioma, type Mensaje, TEXTOS_DOMINIO, texto } from "./mensajes.js";

export type DetalleError = { campo: string; mensaje: string };
/**
 * A field's problem: a message of the catalogue, or a text already in the person's language
 * (what zod or a rule of @fila/domain wrote).
 */
export type Detalle = DetalleError | { campo: string; clave: Mensaje };

/**
 * The one error services throw: an error of the domain's catalogue (which fixes its code and HTTP
 * status) and a message of the server's catalogue (which fixes its text). The error handler turns
 * it into the JSON shape of ARCHITECTURE.md.
 */
export class DomainError extends Error {
  readonly code: string;
  readonly status: number;
  readonly clave: Mensaje;
  private readonly detallesDe: Detalle[];

  constructor(id: IdError, m: Mensaje, detalles: Detalle[] = []) {
    const { codigo, status } = codigoYStatus(id);
    super(texto(m));
    this.code = codigo;
    this.status = status;
    this.clave = m;
    this.detallesDe = detalles;
  }

  /** The message in Spanish, the default language. */
  get mensaje(): string {
    return this.message;
  }

  get detalles(): DetalleError[] {
    return this.detallesEn("es");
  }

  mensajeEn(idioma: Idioma): string {
    return texto(this.clave, idioma);
  }

  /** A detail given as text (zod's, a rule of @fila/domain) is translated when it is known. */
  detallesEn(idioma: Idioma): DetalleError[] {
    return this.detallesDe.map((d) =>
      "clave" in d
        ? { campo: d.campo, mensaje: texto(d.clave, idioma) }
        : { campo: d.campo, mensaje: TEXTOS_DOMINIO[idioma](d.mensaje) },
    );
  }
}

export const noAutenticado = () => new DomainError("no_autenticado", "sesion.no_valida");
export const prohibido = () => new DomainError("prohibido", "permiso.denegado");
export const condicionesPendientes = () =>
  new DomainError("condiciones_pendientes", "sesion.condiciones_pendientes");
export const totpPendiente = (motivo: "obligatorio" | "renovar" = "obligatorio") =>
  new DomainError(
    "totp_pendiente",
    motivo === "renovar" ? "sesion.totp_renovar" : "sesion.totp_pendiente",
  );
/** `que` names the missing thing: a key of the `no_encontrado.*` texts («La noticia no existe.»). */
export const noEncontrado = (
  que: ClaveMensaje & `no_encontrado.${string}` = "no_encontrado.recurso",
) => new DomainError("no_encontrado", que);
