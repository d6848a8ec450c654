import type { FastifyRequest } from "fastify";
import { DomainError } from "../errors/domain-error.js";
import { type ClaveMensaje, type Mensaje, mensajeCon } from "../errors/mensajes.js";

export type ArchivoSubido = { contenido: Buffer; nombre: string };
export type FormularioSubido = { archivo: ArchivoSubido | null; campos: Record<string, string> };

type Opciones = {
  /** Field name of the file (always `archivo` in this API). */
  campoArchivo?: string;
  maxBytes: number;
  /** The message for a file over `maxBytes` (answered with 413). */
  mensajeTamanyo: Mensaje;
};

const noMultipart = (campo: string) => {
  const mensaje = mensajeCon("peticion.no_multipart", { campo });
  return new DomainError("peticion_invalida", mensaje, [{ campo, clave: mensaje }]);
};

/**
 * Reads a whole multipart form: its one file (in memory, refusing anything over `maxBytes` with
 * 413) and its text fields, whatever their order. Needs @fastify/multipart registered with
 * `throwFileSizeLimit` (the default) and `limits.fileSize` = `maxBytes`.
 */
export async function leerFormulario(
  req: FastifyRequest,
  { campoArchivo = "archivo", maxBytes, mensajeTamanyo }: Opciones,
): Promise<FormularioSubido> {
  if (!req.isMultipart()) throw noMultipart(campoArchivo);
  const campos: Record<string, string> = {};
  let archivo: ArchivoSubido | null = null;
  try {
    for await (const parte of req.parts()) {
      if (parte.type === "file") {
        const contenido = await parte.toBuffer();
        if (parte.file.truncated || contenido.length > maxBytes) throw demasiadoGrande();
        if (parte.fieldname === campoArchivo && !archivo) {
          archivo = { contenido, nombre: parte.filename ?? "" };
        }
      } else if (typeof parte.value === "string") {
        campos[parte.fieldname] = parte.value;
      }
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    const code = (err as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw demasiadoGrande();
    if (code?.startsWith("FST_")) throw noMultipart(campoArchivo);
    throw err;
  }
  return { archivo, campos };

  function demasiadoGrande() {
    return new DomainError("demasiado_grande", mensajeTamanyo, [
      { campo: campoArchivo, clave: mensajeTamanyo },
    ]);
  }
}

/** The uploaded file, or 400 saying which field must carry it. */
export function exigirArchivo(form: FormularioSubido, mensaje: ClaveMensaje, campo = "archivo") {
  if (!form.archivo || form.archivo.contenido.length === 0) {
    throw new DomainError("peticion_invalida", mensaje, [{ campo, clave: mensaje }]);
  }
  return form.archivo;
}

/**
 * The one image of a photo or cover upload (field «archivo», at most `maxBytes`): 413 when it is
 * larger, 400 when it is missing. Its type is decided later, by its content.
 */
export async function leerImagen(req: FastifyRequest, maxBytes: number): Promise<Buffer> {
  const form = await leerFormulario(req, {
    maxBytes,
    mensajeTamanyo: mensajeCon("peticion.imagen_demasiado_grande", {
      mb: Math.round(maxBytes / 1024 / 1024),
    }),
  });
  return exigirArchivo(form, "peticion.adjunta_imagen_jpeg_png_webp_campo").contenido;
}
