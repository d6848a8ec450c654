import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import type { z } from "zod";
import { DomainError } from "../../errors/domain-error.js";
import type { Mensaje } from "../../errors/mensajes.js";
import {
  ArchivoSchema,
  type Cabecera,
  CabeceraSchema,
  FilaSchema,
  FinSchema,
  TablaSchema,
  TrozoSchema,
} from "./copia-formato.js";

export const MENSAJES_COPIA = {
  noEsCopia: "copias.no_es_copia",
  incompleta: "copias.incompleta",
} as const;

export const copiaNoValida = (m: Mensaje) =>
  new DomainError("copia_no_valida", m, [{ campo: "archivo", clave: m }]);

/** One line of a backup, by what it is (copia-formato.ts). */
export type LineaCopia =
  | { tipo: "cabecera"; cabecera: Cabecera }
  | { tipo: "tabla"; tabla: z.infer<typeof TablaSchema> }
  /** A row as the object `to_jsonb` gave when the backup was made. */
  | { tipo: "fila"; fila: Record<string, unknown> }
  | { tipo: "archivo"; archivo: z.infer<typeof ArchivoSchema> }
  /** A piece of the last file announced, still in base64 (the load pass never decodes it). */
  | { tipo: "trozo"; base64: string }
  | { tipo: "fin"; fin: z.infer<typeof FinSchema> };

/** What a line of the body is, by its keys; whatever else it is, it is no backup. */
function clasificar(valor: unknown): LineaCopia {
  if (typeof valor !== "object" || valor === null || Array.isArray(valor)) {
    throw copiaNoValida(MENSAJES_COPIA.noEsCopia);
  }
  if ("f" in valor) {
    const fila = FilaSchema.safeParse(valor);
    if (fila.success) return { tipo: "fila", fila: fila.data.f };
  } else if ("b" in valor) {
    const trozo = TrozoSchema.safeParse(valor);
    if (trozo.success) return { tipo: "trozo", base64: trozo.data.b };
  } else {
    const tipo = (valor as { tipo?: unknown }).tipo;
    if (tipo === "tabla") {
      const tabla = TablaSchema.safeParse(valor);
      if (tabla.success) return { tipo, tabla: tabla.data };
    } else if (tipo === "archivo") {
      const archivo = ArchivoSchema.safeParse(valor);
      if (archivo.success) return { tipo, archivo: archivo.data };
    } else if (tipo === "fin") {
      const fin = FinSchema.safeParse(valor);
      if (fin.success) return { tipo, fin: fin.data };
    }
  }
  throw copiaNoValida(MENSAJES_COPIA.noEsCopia);
}

/**
 * The one reader of a backup file: gzip, then lines (`node:readline`), each parsed as JSON and
 * typed by the format's schemas, whatever its spacing. The check and the load both read through
 * it, so a line the check accepts is a line the load understands. A file that is not gzip, is
 * cut short or has a line that breaks the format ends in `copia_no_valida` with the Spanish reason.
 */
export async function* leerCopia(fichero: string): AsyncGenerator<LineaCopia> {
  const gunzip = createGunzip();
  const origen = createReadStream(fichero);
  origen.on("error", (err) => gunzip.destroy(err));
  origen.pipe(gunzip);
  const lineas = createInterface({ input: gunzip, crlfDelay: Number.POSITIVE_INFINITY });
  let primera = true;
  try {
    for await (const texto of lineas) {
      let valor: unknown;
      try {
        valor = JSON.parse(texto);
      } catch {
        throw copiaNoValida(primera ? MENSAJES_COPIA.noEsCopia : MENSAJES_COPIA.incompleta);
      }
      if (primera) {
        primera = false;
        const cabecera = CabeceraSchema.safeParse(valor);
        if (!cabecera.success) throw copiaNoValida(MENSAJES_COPIA.noEsCopia);
        yield { tipo: "cabecera", cabecera: cabecera.data };
      } else {
        yield clasificar(valor);
      }
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    // zlib: not gzip at all (nothing read yet), or cut short.
    const codigo = (err as { code?: string }).code;
    throw copiaNoValida(
      primera && codigo !== "Z_BUF_ERROR" ? MENSAJES_COPIA.noEsCopia : MENSAJES_COPIA.incompleta,
    );
  } finally {
    lineas.close();
    origen.destroy();
    gunzip.destroy();
  }
  if (primera) throw copiaNoValida(MENSAJES_COPIA.noEsCopia);
}
