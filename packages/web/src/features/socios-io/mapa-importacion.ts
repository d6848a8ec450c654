import type { CampoImportacion, ColumnaImportacion, MapaImportacion } from "@fila/domain";
import { escribir, leer } from "../../lib/storage";

/** The board's last choices (header → field), kept in this browser for the next import. */
const CLAVE_MAPA = "importarSocios.mapa";

export function mapaDe(columnas: ColumnaImportacion[]): MapaImportacion {
  return Object.fromEntries(columnas.map((c) => [c.cabecera, c.campo]));
}

export function mismoMapa(a: MapaImportacion, b: MapaImportacion): boolean {
  const claves = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...claves].every((c) => (a[c] ?? null) === (b[c] ?? null));
}

/**
 * The mapping to propose for a file: the remembered choice for each header it has, then what
 * the server recognised for the rest, each field for one column only (the remembered first).
 */
export function aplicarRecordado(
  columnas: ColumnaImportacion[],
  recordado: MapaImportacion,
): MapaImportacion {
  const mapa: MapaImportacion = {};
  const usados = new Set<CampoImportacion>();
  const asignar = (cabecera: string, campo: CampoImportacion | null) => {
    mapa[cabecera] = campo && !usados.has(campo) ? campo : null;
    if (campo) usados.add(campo);
  };
  for (const c of columnas)
    if (Object.hasOwn(recordado, c.cabecera)) asignar(c.cabecera, recordado[c.cabecera]);
  for (const c of columnas) if (!Object.hasOwn(mapa, c.cabecera)) asignar(c.cabecera, c.campo);
  return mapa;
}

/** Gives `campo` to one column; a column that had it is left as «do not import». */
export function elegirCampo(
  mapa: MapaImportacion,
  cabecera: string,
  campo: CampoImportacion | null,
): MapaImportacion {
  const nuevo: MapaImportacion = {};
  for (const [otra, suyo] of Object.entries(mapa))
    nuevo[otra] = campo && suyo === campo ? null : suyo;
  nuevo[cabecera] = campo;
  return nuevo;
}

export function leerMapaRecordado(): MapaImportacion {
  try {
    const guardado = JSON.parse(leer("local", CLAVE_MAPA) ?? "{}");
    return typeof guardado === "object" && guardado !== null && !Array.isArray(guardado)
      ? (guardado as MapaImportacion)
      : {};
  } catch {
    return {};
  }
}

export function recordarMapa(mapa: MapaImportacion): void {
  escribir("local", CLAVE_MAPA, JSON.stringify({ ...leerMapaRecordado(), ...mapa }));
}
