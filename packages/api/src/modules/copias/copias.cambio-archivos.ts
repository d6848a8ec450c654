import { existsSync } from "node:fs";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import type { Database } from "../../db/database.js";
import { CopiasRepository } from "./copias.repository.js";

/** The marker of a restore under way, in DATA_DIR: `{"clave","host","pid"}` of its process. */
const MARCA = "restauracion.json";

/**
 * The uploaded files' side of a restore, recoverable after a crash. The database and the files
 * folder cannot change in one atomic step, so:
 * 1. the marker `DATA_DIR/restauracion.json` names the restore (its key) before anything moves;
 * 2. the checked files are written into `files.restauracion-<clave>` (same disk as `files`);
 * 3. the rows are replaced in one transaction that also records the key in `restauracion_hecha`;
 * 4. `files` becomes `files.anterior-<clave>` and the prepared folder becomes `files`;
 * 5. the old folder, the record and the marker go.
 * Whoever finds the marker (the next start, or the next restore) asks the database whether step 3
 * committed: if so it finishes step 4 from wherever it stopped, otherwise it undoes step 2. Every
 * step is a rename or a removal that can be repeated.
 */
export class CambioDeArchivos {
  readonly preparada: string;
  private readonly anterior: string;
  private readonly archivos: string;
  private readonly marca: string;

  constructor(
    dataDir: string,
    readonly clave: string,
  ) {
    this.archivos = path.join(dataDir, "files");
    this.preparada = `${this.archivos}.restauracion-${clave}`;
    this.anterior = `${this.archivos}.anterior-${clave}`;
    this.marca = path.join(dataDir, MARCA);
  }

  /** The restore with the marker in `dataDir`, if any. */
  static async pendiente(dataDir: string): Promise<CambioDeArchivos | null> {
    const marca = path.join(dataDir, MARCA);
    if (!existsSync(marca)) return null;
    const { clave, host, pid } = JSON.parse(await readFile(marca, "utf8")) as Record<
      string,
      unknown
    >;
    if (typeof clave !== "string" || !/^[0-9a-f]{1,64}$/.test(clave)) {
      throw new Error(`${marca} no es una marca de restauración válida`);
    }
    const cambio = new CambioDeArchivos(dataDir, clave);
    cambio.proceso = { host: String(host ?? ""), pid: Number(pid) };
    return cambio;
  }

  /** The process that wrote the marker (the one running the restore). */
  private proceso = { host: hostname(), pid: process.pid };

  /**
   * Whether the process of the marker is gone for sure: it ran on this machine and its pid is
   * ours (a container restarts with the same pid) or no longer exists. Of a process on another
   * machine sharing DATA_DIR only the database's lock can tell.
   */
  private procesoMuerto(): boolean {
    if (this.proceso.host !== hostname()) return false;
    if (this.proceso.pid === process.pid) return true;
    try {
      process.kill(this.proceso.pid, 0);
      return false;
    } catch (err) {
      return (err as { code?: string }).code === "ESRCH";
    }
  }

  /** Step 1, written whole or not at all (a rename), before anything else moves. */
  async anotar(): Promise<void> {
    const temporal = `${this.marca}.${this.clave}.tmp`;
    const marca = { clave: this.clave, ...this.proceso };
    await writeFile(temporal, JSON.stringify(marca), { mode: 0o600 });
    await rename(temporal, this.marca);
  }

  /** Step 4 from wherever it stopped, then the old folder goes. */
  async completar(): Promise<void> {
    if (existsSync(this.preparada)) {
      if (existsSync(this.archivos) && !existsSync(this.anterior)) {
        await rename(this.archivos, this.anterior);
      }
      await rename(this.preparada, this.archivos);
    }
    await rm(this.anterior, { recursive: true, force: true });
  }

  /** The rows were not replaced: the files stay (or come back) as they were. */
  async deshacer(): Promise<void> {
    if (!existsSync(this.archivos) && existsSync(this.anterior)) {
      await rename(this.anterior, this.archivos);
    }
    await rm(this.preparada, { recursive: true, force: true });
    await rm(this.anterior, { recursive: true, force: true });
  }

  /** Step 5: the restore is over. */
  async olvidar(repo: CopiasRepository): Promise<void> {
    await repo.olvidarRestauracion(this.clave);
    await rm(this.marca, { force: true });
  }

  /**
   * Finishes or undoes the restore left by a crash, as the database says (step 3). A restore still
   * under way (its lock beating, its process alive, maybe another instance sharing this DATA_DIR)
   * is left alone.
   */
  static async recuperar(
    repo: CopiasRepository,
    dataDir: string,
  ): Promise<"completada" | "deshecha" | null> {
    const cambio = await CambioDeArchivos.pendiente(dataDir);
    if (!cambio) return null;
    if (!cambio.procesoMuerto() && (await repo.bloqueoVivo(cambio.clave))) return null;
    const hecha = await repo.estaHecha(cambio.clave);
    if (hecha) await cambio.completar();
    else await cambio.deshacer();
    await cambio.olvidar(repo);
    return hecha ? "completada" : "deshecha";
  }
}

/** At start, before serving: a restore a crash left half-done is finished or undone. */
export function recuperarRestauracion(db: Database, dataDir: string) {
  return CambioDeArchivos.recuperar(new CopiasRepository(db), dataDir);
}
