import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { ErrorDeArranque } from "../bootstrap/fallo-arranque.js";

function procesoVivo(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite admits one process per data directory. The lock file holds the owner's pid;
 * a lock left by a process that no longer exists is taken over.
 */
export function tomarBloqueo(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const fichero = path.join(dataDir, "fila.lock");
  for (let intento = 0; intento < 2; intento++) {
    try {
      const fd = openSync(fichero, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(fichero, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const pid = Number(readFileSync(fichero, "utf8").trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && procesoVivo(pid)) {
        throw new ErrorDeArranque(
          `Otro proceso (pid ${pid}) ya está usando el directorio de datos ${dataDir}. Detenlo antes de arrancar otro.`,
        );
      }
      rmSync(fichero, { force: true });
    }
  }
  throw new ErrorDeArranque(`No se ha podido bloquear el directorio de datos ${dataDir}`);
}
