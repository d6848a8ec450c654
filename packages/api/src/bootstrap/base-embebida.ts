// The database of an installation without DATABASE_URL (BASE_EMBEBIDA): PGlite in DATA_DIR/db, or
// real PostgreSQL in DATA_DIR/postgres (ADR 0028), where the data of PGlite are carried over on the
// first start.
import { existsSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BaseEmbebida } from "../config.js";
import { abrirBaseDeDatos, type BaseDeDatos, type Database } from "../db/database.js";
import { migrar } from "../db/migrar.js";
import {
  arrancarPostgresEmbebido,
  binariosInstalados,
  carpetaBinarios,
  type MotorEmbebido,
  puedeAtravesar,
  usuarioDelMotor,
} from "../db/postgres-embebido.js";
import { recuperarRestauracion } from "../modules/copias/copias.cambio-archivos.js";
import { CopiasRepository } from "../modules/copias/copias.repository.js";
import { CopiasService, type ResumenRestauracion } from "../modules/copias/copias.service.js";
import { escribirTrabajos, leerTrabajos } from "../plugins/trabajos.js";
import { ErrorDeArranque } from "./fallo-arranque.js";

/** The folders under DATA_DIR. */
export const CARPETA_PGLITE = "db";
export const CARPETA_POSTGRES = "postgres";
/** The PostgreSQL being filled by a carry-over; renamed to CARPETA_POSTGRES when complete. */
const CARPETA_PASO = "postgres.paso";
/** In DATA_DIR/postgres: its data came from PGlite (so a DATA_DIR/db left beside it is the old). */
export const MARCA_PASO = "pasado-de-pglite.json";

export type BaseEmbebidaAbierta = BaseDeDatos & { motor: MotorEmbebido | null };

type Opciones = {
  maxConexiones?: number;
  /**
   * Chosen by default, not by BASE_EMBEBIDA: where PostgreSQL cannot run (no binaries for the
   * machine, or started as root with DATA_DIR where «nobody» cannot reach, e.g. under /root),
   * PGlite instead of stopping the start.
   */
  porDefecto?: boolean;
  /** Lines for the administrator (the carry-over, PostgreSQL's warnings). */
  avisar?: (linea: string) => void;
  /** The embedded PostgreSQL ended while the app runs (`OpcionesMotor.alMorir`). */
  alMorir?: (detalle: string) => void;
  /**
   * The start's key check on PGlite's data before they are copied: another key's data stop the
   * carry-over, and what is carried holds the running key's fingerprint (docs/adr/0015).
   */
  antesDePasar?: (db: Database) => Promise<unknown>;
};

const esBase = (carpeta: string) => existsSync(path.join(carpeta, "PG_VERSION"));

/**
 * Whether PostgreSQL, run as «nobody» when this process is root, can reach DATA_DIR's folder (it
 * opens DATA_DIR itself to others). Not root: always. A path that cannot be checked yet: yes
 * (the start says what is wrong).
 */
function alcanzableComoRoot(dataDir: string): boolean {
  const quien = usuarioDelMotor();
  if (!quien) return true;
  try {
    return puedeAtravesar(path.resolve(dataDir), quien);
  } catch {
    return true;
  }
}

/** Opens the embedded database chosen by BASE_EMBEBIDA in `dataDir`. */
export async function abrirBaseEmbebida(
  tipo: BaseEmbebida,
  dataDir: string,
  opciones: Opciones = {},
): Promise<BaseEmbebidaAbierta> {
  const pglite = path.join(dataDir, CARPETA_PGLITE);
  const postgres = path.join(dataDir, CARPETA_POSTGRES);
  const avisar = opciones.avisar ?? ((l: string) => console.warn(l));
  if (tipo === "postgres" && opciones.porDefecto && carpetaBinarios() === null) {
    avisar(
      `No hay programas de PostgreSQL para esta máquina (${process.platform}-${process.arch}): la base embebida es PGlite.`,
    );
    tipo = "pglite";
  }
  if (tipo === "postgres" && opciones.porDefecto && !alcanzableComoRoot(dataDir)) {
    avisar(
      `Arrancada como root con DATA_DIR en ${path.resolve(dataDir)}, donde el usuario «nobody» de PostgreSQL no llega (dentro de /root, por ejemplo): la base embebida es PGlite. Para PostgreSQL embebido, pon DATA_DIR en otra carpeta o arranca con un usuario propio (deploy/fila.service).`,
    );
    tipo = "pglite";
  }
  if (tipo === "pglite") {
    if (esBase(postgres) && !esBase(pglite)) {
      throw new ErrorDeArranque(
        `Los datos de ${dataDir} están en PostgreSQL embebido (${postgres}): arranca con BASE_EMBEBIDA=postgres.`,
      );
    }
    return { ...(await abrirBaseDeDatos({ tipo: "pglite", dataDir: pglite })), motor: null };
  }
  binariosInstalados(); // before a carry-over that could not end
  await pasarDesdePglite(dataDir, avisar, opciones.antesDePasar);
  const motor = await arrancarPostgresEmbebido(postgres, { avisar, alMorir: opciones.alMorir });
  try {
    const bd = await abrirBaseDeDatos({
      tipo: "postgres",
      url: motor.url,
      maxConexiones: opciones.maxConexiones,
    });
    return {
      ...bd,
      motor,
      cerrar: async () => {
        try {
          await bd.cerrar();
        } finally {
          await motor.parar();
        }
      },
    };
  } catch (err) {
    await motor.parar();
    throw err;
  }
}

/**
 * The carry-over from PGlite (ADR 0028), when DATA_DIR holds PGlite's data and no PostgreSQL yet:
 * a backup of PGlite in the app's format (copias), loaded into a new PostgreSQL in
 * DATA_DIR/postgres.paso, which becomes DATA_DIR/postgres with a marker once complete; then
 * DATA_DIR/db is renamed aside (never deleted). Until the first rename DATA_DIR/db is untouched and
 * the next start begins again; after it, the next start only renames DATA_DIR/db aside.
 */
export async function pasarDesdePglite(
  dataDir: string,
  avisar: (linea: string) => void,
  antesDePasar?: (db: Database) => Promise<unknown>,
): Promise<ResumenRestauracion | null> {
  const pglite = path.join(dataDir, CARPETA_PGLITE);
  const postgres = path.join(dataDir, CARPETA_POSTGRES);
  const paso = path.join(dataDir, CARPETA_PASO);
  if (esBase(postgres)) {
    if (!esBase(pglite)) return null;
    if (!existsSync(path.join(postgres, MARCA_PASO))) {
      throw new ErrorDeArranque(
        `${dataDir} tiene datos de PGlite (${pglite}) y de PostgreSQL embebido (${postgres}) a la vez: aparta la que no sirva o elige la otra con BASE_EMBEBIDA.`,
      );
    }
    apartar(pglite, avisar);
    return null;
  }
  if (!esBase(pglite)) return null;

  avisar(`Pasando los datos de PGlite (${pglite}) a PostgreSQL embebido (${postgres})…`);
  // What an interrupted carry-over left behind.
  rmSync(paso, { recursive: true, force: true });
  rmSync(`${paso}.initdb`, { recursive: true, force: true });

  let copia: string;
  // Jobs are in no backup: carried over apart, so a mailing under way goes on after the start.
  let trabajos: string[];
  const vieja = await abrirBaseDeDatos({ tipo: "pglite", dataDir: pglite });
  try {
    // What a start on PGlite would do first: its migrations, a restore left half-done.
    await migrar(vieja.db);
    await recuperarRestauracion(vieja.db, dataDir);
    await antesDePasar?.(vieja.db);
    copia = (await new CopiasService(new CopiasRepository(vieja.db), dataDir).generar()).ruta;
    trabajos = await leerTrabajos(vieja.db);
  } finally {
    await vieja.cerrar();
  }

  let resumen: ResumenRestauracion;
  try {
    const motor = await arrancarPostgresEmbebido(paso, { avisar });
    try {
      const nueva = await abrirBaseDeDatos({ tipo: "postgres", url: motor.url, maxConexiones: 2 });
      try {
        await migrar(nueva.db);
        resumen = await new CopiasService(
          new CopiasRepository(nueva.db),
          dataDir,
        ).cargarCopiaInicial(copia, "paso automático de PGlite a PostgreSQL");
        await escribirTrabajos(nueva.db, trabajos);
      } finally {
        await nueva.cerrar();
      }
    } finally {
      await motor.parar();
    }
    writeFileSync(
      path.join(paso, MARCA_PASO),
      `${JSON.stringify({ fecha: new Date().toISOString(), ...resumen })}\n`,
    );
    renameSync(paso, postgres);
  } finally {
    rmSync(copia, { force: true });
  }
  avisar(
    `Datos pasados de PGlite a PostgreSQL embebido: ${resumen.tablas} tablas, ${resumen.filas} filas.`,
  );
  apartar(pglite, avisar);
  return resumen;
}

/** DATA_DIR/db renamed aside, never deleted: the administrator removes it when sure. */
function apartar(pglite: string, avisar: (linea: string) => void) {
  const destino = `${pglite}.pglite-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  renameSync(pglite, destino);
  avisar(`La base de PGlite queda apartada en ${destino}: bórrala cuando ya no la necesites.`);
}
