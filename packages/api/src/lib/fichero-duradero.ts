import { chownSync, closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * Writes `ruta` so that a crash leaves either the old file or the whole new one: a sibling file
 * with its mode (and owner) from the start, written and fsync'd, renamed over `ruta`, and the
 * folder fsync'd so the rename itself is on disk.
 */
export function escribirFicheroDuradero(
  ruta: string,
  contenido: string,
  opciones: { modo: number; dueno?: { uid: number; gid: number } | null },
): void {
  const temporal = `${ruta}.escribiendo`;
  rmSync(temporal, { force: true });
  const fd = openSync(temporal, "wx", opciones.modo);
  try {
    writeSync(fd, contenido);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  if (opciones.dueno) chownSync(temporal, opciones.dueno.uid, opciones.dueno.gid);
  renameSync(temporal, ruta);
  const carpeta = openSync(path.dirname(ruta), "r");
  try {
    fsyncSync(carpeta);
  } finally {
    closeSync(carpeta);
  }
}
