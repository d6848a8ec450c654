import { type Extracto, leerNorma43 } from "@fila/domain";
import { DomainError } from "../../errors/domain-error.js";
import { leerCamt053 } from "./camt053.js";

/** Un XML (camt.053) empieza por «<», tras una marca de orden de bytes o espacios. */
function esXml(bytes: Uint8Array): boolean {
  const inicio = Buffer.from(bytes.subarray(0, 64))
    .toString("latin1")
    .replace(/^(\u00ef\u00bb\u00bf)?\s*/, "");
  return inicio.startsWith("<");
}

/**
 * El extracto de un fichero del banco, sea norma 43 o camt.053 (lo reconoce por su contenido).
 * Un fichero que no se puede leer o cuyas cuentas no cuadran es un error de validación (400) con
 * un detalle por problema, cada uno con su línea cuando la hay.
 */
export function leerExtracto(bytes: Uint8Array): Extracto {
  if (esXml(bytes)) return leerCamt053(bytes);
  const lectura = leerNorma43(bytes);
  if (lectura.ok) return lectura.extracto;
  throw new DomainError(
    "validacion",
    "tesoreria.norma43_no_valida",
    lectura.problemas.map((p) => ({ campo: "archivo", mensaje: p.mensaje })),
  );
}
