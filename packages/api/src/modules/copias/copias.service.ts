import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type Readable, Writable } from "node:stream";
import { z } from "zod";
import { VERSION_APP } from "../../config.js";
import { DomainError } from "../../errors/domain-error.js";
import { mensajeCon } from "../../errors/mensajes.js";
import { verificarPassword } from "../../lib/passwords.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import { EscritorGzip } from "./copia-escritor.js";
import { BYTES_POR_TROZO, FORMATO, linea, VERSION_FORMATO } from "./copia-formato.js";
import { copiaNoValida, leerCopia, MENSAJES_COPIA } from "./copia-lector.js";
import { CambioDeArchivos } from "./copias.cambio-archivos.js";
import {
  CONSERVADAS_AL_RESTAURAR,
  type CopiasRepository,
  EFIMERAS,
  EFIMERAS_DE_ANTES,
  type TablaCopia,
} from "./copias.repository.js";

/** What a restore replaced. */
export type ResumenRestauracion = { tablas: number; filas: number; archivos: number };
export type CopiaAutomatica = { nombre: string; bytes: number; creada: string };

const FILAS_POR_INSERCION = 500;
/** Names of the automatic copies (`copiaAutomatica`): `fila-<instante>.fila.gz`. */
export const NOMBRE_AUTOMATICA = /^fila-[0-9A-Za-z-]{1,60}\.fila\.gz$/;
const AUTOMATICAS_A_CONSERVAR = 7;

/** How often a restore under way says it is alive (its lock is abandoned after two minutes). */
const LATIDO_MS = 20_000;

const noValida = copiaNoValida;
const MENSAJES = {
  ...MENSAJES_COPIA,
  formatoNuevo: (version: number) => mensajeCon("copias.formato_nuevo", { version }),
  esquemaNuevo: (migracion: string) => mensajeCon("copias.esquema_nuevo", { migracion }),
  esquemaDistinto: (migracion: string) => mensajeCon("copias.esquema_distinto", { migracion }),
  noCoincide: (tabla: string) => mensajeCon("copias.no_coincide", { tabla }),
  enMarcha: "copias.hay_restauracion_marcha_espera_acabe",
} as const;

/**
 * Tests only: the process kills itself at this point of a restore (`FILA_PRUEBA_CAIDA`), to prove
 * that the next start finishes or undoes it (resiliencia/restauracion-caida.test.ts).
 */
function caerSiSePide(punto: "restauracion-cargando" | "restauracion-cargada") {
  if (process.env.FILA_PRUEBA_CAIDA === punto) process.kill(process.pid, "SIGKILL");
}

const ConfirmacionSchema = z.object({
  password: z.string({ error: "Escribe tu contraseña" }).min(1, { error: "Escribe tu contraseña" }),
  nombre: z
    .string({ error: "Escribe el nombre de la asociación" })
    .trim()
    .min(1, { error: "Escribe el nombre de la asociación" }),
});

/** The confirmation typed by the administrator (multipart fields), every missing one named. */
function leerConfirmacion(campos: Record<string, string>) {
  const confirmacion = ConfirmacionSchema.safeParse(campos);
  if (confirmacion.success) return confirmacion.data;
  const detalles = confirmacion.error.issues.map((i) => ({
    campo: String(i.path[0] ?? ""),
    mensaje: i.message,
  }));
  throw new DomainError(
    "validacion",
    mensajeCon("dominio.texto", { texto: detalles[0]?.mensaje ?? "" }),
    detalles,
  );
}

/** SHA-256 and size of a stored file, read as a stream. */
async function huellaDe(ruta: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const trozo of createReadStream(ruta)) {
    hash.update(trozo as Buffer);
    bytes += (trozo as Buffer).length;
  }
  return { sha256: hash.digest("hex"), bytes };
}

/** A backup being written (`CopiasService.empezar`). */
export type CopiaEnCurso = {
  ruta: string;
  nombre: string;
  /** Settles when the file is complete (or rejects when it failed or was stopped). */
  terminada: Promise<void>;
  /** Resolves once the file has its first bytes (or is complete); rejects if it failed first. */
  primerosBytes: () => Promise<void>;
  /** The file as it is written, up to its end; fails if the writing does. */
  seguir: () => Readable;
  /** Stops the writing (a client that went away); `terminada` then rejects. */
  cancelar: () => void;
};

/**
 * Backups of the whole filà (database and uploaded files) in one file of our own format
 * (copia-formato.ts), the same on PGlite and PostgreSQL, and their restore: the file is checked
 * entirely before anything changes, then the database is replaced in one transaction and the
 * files folder swapped by renames.
 */
export class CopiasService {
  constructor(
    private readonly repo: CopiasRepository,
    private readonly dataDir: string,
    private readonly alRestaurar: () => void = () => {},
    /**
     * The running installation key's fingerprint, written with the restored rows (docs/adr/0015):
     * the next start then takes them as this installation's, and the secrets another key wrote
     * are cleared by `ponerSecretosAlDia` (right after the restore, or at that start).
     */
    private readonly huellaClave: string | null = null,
  ) {}

  private get carpetaArchivos() {
    return path.join(this.dataDir, "files");
  }

  /** A temporary folder under DATA_DIR (same disk as `files`, so renames are atomic). */
  async carpetaTemporal(): Promise<string> {
    const carpeta = path.join(this.dataDir, "tmp");
    await mkdir(carpeta, { recursive: true });
    return carpeta;
  }

  /**
   * Starts writing a new backup to a temporary file and answers at once (issue 51): the file can
   * be followed while it is written (`seguir`, what a download sends), and `terminada` settles
   * when it is complete or has failed. The rows are read in one snapshot at the disk's pace,
   * never at a client's. The caller deletes the file.
   */
  async empezar(): Promise<CopiaEnCurso> {
    const marca = new Date().toISOString().slice(0, 16).replace("T", "-").replace(":", "");
    const nombre = `fila-copia-${marca}.fila.gz`;
    const ruta = path.join(
      await this.carpetaTemporal(),
      `${randomBytes(8).toString("hex")}-${nombre}`,
    );
    const escritor = new EscritorGzip(ruta);
    const terminada = this.escribirCopia(escritor).catch((err: Error) => {
      escritor.destruir(err);
      throw err;
    });
    // Handled by whoever awaits it; never an unhandled rejection when nobody does.
    terminada.catch(() => {});
    return {
      ruta,
      nombre,
      terminada,
      primerosBytes: () => escritor.primerosBytes(),
      seguir: () => escritor.seguir(),
      cancelar: () => escritor.destruir(),
    };
  }

  /** Writes a new backup to a temporary file, whole; the caller moves or deletes it. */
  async generar(): Promise<{ ruta: string; nombre: string }> {
    const copia = await this.empezar();
    try {
      await copia.terminada;
    } catch (err) {
      await rm(copia.ruta, { force: true });
      throw err;
    }
    return { ruta: copia.ruta, nombre: copia.nombre };
  }

  private async escribirCopia(escritor: EscritorGzip): Promise<void> {
    // The rows in one snapshot; the files after it, so the transaction stays short.
    const numTablas = await this.repo.instantanea(async (repo) => {
      const tablas = (await repo.tablas()).filter((t) => !EFIMERAS.has(t.nombre));
      await escritor.escribir(
        linea({
          formato: FORMATO,
          version: VERSION_FORMATO,
          app: VERSION_APP,
          creada: new Date().toISOString(),
          motor: await repo.motor(),
          migraciones: await repo.migraciones(),
        }),
      );
      for (const tabla of tablas) {
        const filas = await repo.contar(tabla.nombre);
        await escritor.escribir(
          linea({ tipo: "tabla", nombre: tabla.nombre, columnas: tabla.columnas, filas }),
        );
        let ultima: string | null = null;
        for (let leidas = 0; leidas < filas; ) {
          const lote = await repo.leerFilas(tabla, ultima);
          if (lote.length === 0) break;
          // One write per read of rows, not per row: the compressor's cost per call is paid
          // once per thousand rows (issue 51).
          let texto = "";
          for (const fila of lote) texto += `{"f":${fila}}\n`;
          await escritor.escribir(texto);
          leidas += lote.length;
          ultima = lote.at(-1) ?? null;
        }
      }
      return tablas.length;
    });
    const archivos = await this.archivosGuardados();
    // Each file read twice as a stream (its hash goes before its content), never whole.
    for (const relativa of archivos) {
      const ruta = path.join(this.carpetaArchivos, relativa);
      await escritor.escribir(
        linea({ tipo: "archivo", ruta: relativa, ...(await huellaDe(ruta)) }),
      );
      for await (const trozo of createReadStream(ruta, { highWaterMark: BYTES_POR_TROZO })) {
        await escritor.escribir(linea({ b: (trozo as Buffer).toString("base64") }));
      }
    }
    await escritor.escribir(linea({ tipo: "fin", tablas: numTablas, archivos: archivos.length }));
    await escritor.cerrar();
  }

  /**
   * A backup in DATA_DIR/copias (daily and at shutdown, on either database), in the same format
   * as a downloaded one so the page lists and restores it; the last 7 are kept.
   */
  async copiaAutomatica(): Promise<string> {
    const carpeta = path.join(this.dataDir, "copias");
    await mkdir(carpeta, { recursive: true });
    const { ruta } = await this.generar();
    const marca = new Date().toISOString().replace(/[:.]/g, "-");
    const destino = path.join(carpeta, `fila-${marca}.fila.gz`);
    await rename(ruta, destino);
    const copias = (await readdir(carpeta)).filter((n) => NOMBRE_AUTOMATICA.test(n)).sort();
    for (const vieja of copias.slice(0, Math.max(0, copias.length - AUTOMATICAS_A_CONSERVAR))) {
      await rm(path.join(carpeta, vieja), { force: true });
    }
    return destino;
  }

  /** Paths (with `/`) of every stored upload, half-written temporaries left out. */
  private async archivosGuardados(): Promise<string[]> {
    if (!existsSync(this.carpetaArchivos)) return [];
    const entradas = await readdir(this.carpetaArchivos, { recursive: true, withFileTypes: true });
    return entradas
      .filter((e) => e.isFile() && !e.name.endsWith(".tmp"))
      .map((e) =>
        path
          .relative(this.carpetaArchivos, path.join(e.parentPath, e.name))
          .split(path.sep)
          .join("/"),
      )
      .sort();
  }

  /** The automatic copies in DATA_DIR/copias, newest first. */
  async listarAutomaticas(page: number, pageSize: number) {
    const carpeta = path.join(this.dataDir, "copias");
    const nombres = existsSync(carpeta)
      ? (await readdir(carpeta)).filter((n) => NOMBRE_AUTOMATICA.test(n))
      : [];
    const todas: CopiaAutomatica[] = [];
    for (const nombre of nombres) {
      const datos = await stat(path.join(carpeta, nombre));
      todas.push({ nombre, bytes: datos.size, creada: datos.mtime.toISOString() });
    }
    todas.sort((a, b) => b.creada.localeCompare(a.creada) || b.nombre.localeCompare(a.nombre));
    const items = todas.slice((page - 1) * pageSize, page * pageSize);
    return { items, total: todas.length, page, pageSize };
  }

  /** The path of an automatic copy by its name; 404 for anything else. */
  async rutaAutomatica(nombre: string): Promise<string> {
    const ruta = path.join(this.dataDir, "copias", nombre);
    if (!NOMBRE_AUTOMATICA.test(nombre) || !existsSync(ruta)) {
      throw new DomainError("no_encontrado", "copias.esa_copia_automatica_no_existe");
    }
    return ruta;
  }

  /**
   * Replaces the whole filà with the backup in `fichero` after checking the administrator's
   * password, the association's name typed by them and the whole file. Every session ends. One
   * restore at a time across every instance (a lock in the database), and recoverable after a
   * crash at any point (copias.cambio-archivos.ts).
   */
  async restaurar(
    actor: UsuarioAutenticado,
    fichero: string,
    campos: Record<string, string>,
  ): Promise<ResumenRestauracion> {
    const confirmacion = leerConfirmacion(campos);
    const clave = randomBytes(8).toString("hex");
    if (!(await this.repo.tomarBloqueo(clave)))
      throw new DomainError("conflicto", MENSAJES.enMarcha);
    const latido = setInterval(() => void this.repo.latir(clave).catch(() => {}), LATIDO_MS);
    latido.unref();
    const cambio = new CambioDeArchivos(this.dataDir, clave);
    let cargada = false;
    try {
      // One left half-done by a crash of this DATA_DIR goes first, as at the next start.
      await CambioDeArchivos.recuperar(this.repo, this.dataDir);
      await this.comprobarConfirmacion(actor, confirmacion);
      const migraciones = await this.repo.migraciones();
      await cambio.anotar();
      const { resumen, migracionesCopia } = await this.validar(
        fichero,
        migraciones,
        cambio.preparada,
      );
      const faltan = migraciones.slice(migracionesCopia.length);
      await this.reemplazarDatos(
        fichero,
        { copia: migracionesCopia, faltan },
        actor,
        resumen,
        clave,
      );
      cargada = true;
      caerSiSePide("restauracion-cargada");
      await cambio.completar();
      await cambio.olvidar(this.repo);
      this.alRestaurar();
      return resumen;
    } finally {
      clearInterval(latido);
      if (!cargada) {
        await cambio.deshacer();
        await cambio.olvidar(this.repo);
      }
      // Rows committed but the files not swapped (a disk error): the marker stays, and the next
      // start (or restore) finishes the swap.
      await this.repo.olvidarBloqueo(clave);
    }
  }

  /**
   * Loads a backup into this (new, migrated) database without a confirmation nor the restore's
   * lock: the carry-over of the embedded data from PGlite to PostgreSQL at the first start
   * (paso-desde-pglite.ts), before the app serves. The file is checked whole first (its uploads by
   * size and SHA-256, not written: DATA_DIR/files is already theirs), then loaded in one
   * transaction, as a restore does.
   */
  async cargarCopiaInicial(fichero: string, autor: string): Promise<ResumenRestauracion> {
    const migraciones = await this.repo.migraciones();
    const { resumen, migracionesCopia } = await this.validar(fichero, migraciones, null);
    const clave = randomBytes(8).toString("hex");
    const faltan = migraciones.slice(migracionesCopia.length);
    await this.reemplazarDatos(fichero, { copia: migracionesCopia, faltan }, autor, resumen, clave);
    await this.repo.olvidarRestauracion(clave);
    return resumen;
  }

  /**
   * Everything in one transaction: a row the database refuses undoes the whole restore. The rows
   * are loaded into a schema of the backup's own version (its migrations, run there), which the
   * migrations it lacks then bring up to date, data migrations included, as an upgrade does; then
   * the app's tables are emptied and filled from it. The restore itself goes on the restored
   * activity log, by name: the account that did it may not exist in the copy.
   */
  private async reemplazarDatos(
    fichero: string,
    migraciones: { copia: string[]; faltan: string[] },
    actor: UsuarioAutenticado | string,
    resumen: ResumenRestauracion,
    clave: string,
  ) {
    try {
      await this.repo.transaccion(async (repo) => {
        const propio = await repo.abrirEsquemaDeCopia();
        await repo.migrar(migraciones.copia);
        const deLaCopia = (await repo.tablas()).map((t) => t.nombre);
        await repo.disparadores(deLaCopia, false);
        // The foreign keys of the backup's schema are checked once its rows are in: as a
        // superuser, loaded without their per-row checks and checked by a query per key; else
        // dropped, with the plain indexes, and made again (more DDL, more locks).
        const sinComprobar = await repo.sinComprobacionesDeClavesAjenas();
        const aplazadas = sinComprobar ? [] : await repo.aplazarComprobaciones();
        await this.cargarFilas(repo, fichero);
        if (sinComprobar) {
          await repo.conComprobacionesDeClavesAjenas();
          await repo.comprobarClavesAjenas();
        } else await repo.rehacerComprobaciones(aplazadas);
        await repo.disparadores(deLaCopia, true);
        await repo.migrar(migraciones.faltan);

        await repo.usarEsquemas(propio);
        const todas = await repo.tablas();
        await repo.disparadores(
          todas.map((t) => t.nombre),
          false,
        );
        if (sinComprobar) await repo.sinComprobacionesDeClavesAjenas();
        for (const tabla of [...todas].reverse()) {
          if (!CONSERVADAS_AL_RESTAURAR.has(tabla.nombre)) await repo.vaciar(tabla.nombre);
        }
        // Last, once the data they write into is locked and gone (no deadlock with a job's own
        // last transaction, which locks its row after its writing).
        await repo.fallarTrabajos("trabajos.restauracion");
        for (const tabla of todas) {
          if (!EFIMERAS.has(tabla.nombre)) await repo.pasarDesdeCopia(tabla);
        }
        if (sinComprobar) await repo.conComprobacionesDeClavesAjenas();
        await repo.disparadores(
          todas.map((t) => t.nombre),
          true,
        );
        await repo.cerrarEsquemaDeCopia();
        if (this.huellaClave) await repo.fijarHuellaClave(this.huellaClave);
        await repo.subirVersionDatos();
        await repo.ajustarSecuencias();
        await repo.auditar({
          idUsuario: null,
          entidad: "copia",
          idEntidad: 0,
          accion: "restauración",
          cambios: [
            {
              campo: "restauradaPor",
              antes: null,
              despues: typeof actor === "string" ? actor : `${actor.nombre} <${actor.email}>`,
            },
            { campo: "tablas", antes: null, despues: resumen.tablas },
            { campo: "filas", antes: null, despues: resumen.filas },
            { campo: "archivos", antes: null, despues: resumen.archivos },
          ],
        });
        await repo.anotarHecha(clave);
        caerSiSePide("restauracion-cargando");
      });
    } catch (err) {
      const codigo = String((err as { code?: unknown }).code ?? "");
      // 22xxx data and 23xxx constraint errors: the file is at fault, not the server.
      if (/^2[23]/.test(codigo)) {
        throw noValida("copias.datos_rechazados");
      }
      throw err;
    }
  }

  private async comprobarConfirmacion(
    actor: UsuarioAutenticado,
    { password, nombre }: { password: string; nombre: string },
  ) {
    const hash = await this.repo.passwordHash(actor.id);
    if (!(await verificarPassword(hash, password))) {
      const mensaje = "copias.password_incorrecta";
      throw new DomainError("password_incorrecta", mensaje, [
        { campo: "password", clave: mensaje },
      ]);
    }
    const normalizar = (s: string) => s.normalize("NFC").trim().toLocaleLowerCase("es");
    const actual = await this.repo.nombreAsociacion();
    if (normalizar(nombre) !== normalizar(actual)) {
      const mensaje = mensajeCon("copias.nombre_asociacion", { nombre: actual });
      throw new DomainError("validacion", mensaje, [{ campo: "nombre", clave: mensaje }]);
    }
  }

  /**
   * Reads the whole file once: the header (its migrations the first ones of this app's, no other),
   * every table and its row count, every uploaded file (written into `preparada`, checked by size
   * and SHA-256) and the end line. The tables' columns are checked by the load, against the schema
   * of the copy's own version.
   */
  private async validar(
    fichero: string,
    migraciones: string[],
    preparada: string | null,
  ): Promise<{ resumen: ResumenRestauracion; migracionesCopia: string[] }> {
    let migracionesCopia: string[] = [];
    const vistas = new Set<string>();
    if (preparada) await mkdir(preparada, { recursive: true });
    let fin = false;
    let filasQueFaltan = 0;
    let filas = 0;
    let columnas: string[] = [];
    let archivo: { bytes: number; sha256: string } | null = null;
    let escritor: Writable | null = null;
    let hash = createHash("sha256");
    let bytes = 0;
    let archivos = 0;

    const cerrarArchivo = async () => {
      if (!archivo || !escritor) return;
      const e = escritor;
      await new Promise<void>((resolve, reject) =>
        e.end((err?: Error | null) => (err ? reject(err) : resolve())),
      );
      if (bytes !== archivo.bytes || hash.digest("hex") !== archivo.sha256) {
        throw noValida(MENSAJES.incompleta);
      }
      archivo = null;
      escritor = null;
    };

    try {
      for await (const linea of leerCopia(fichero)) {
        if (fin) throw noValida(MENSAJES.noEsCopia);
        if (linea.tipo === "cabecera") {
          const c = linea.cabecera;
          if (c.version > VERSION_FORMATO) throw noValida(MENSAJES.formatoNuevo(c.version));
          const desconocida = c.migraciones.find((m) => !migraciones.includes(m));
          if (desconocida) throw noValida(MENSAJES.esquemaNuevo(desconocida));
          // An earlier version has the first of this app's migrations, in order, and no other.
          const distinta = migraciones.find(
            (m, i) => i < c.migraciones.length && c.migraciones[i] !== m,
          );
          if (distinta || c.migraciones.length > migraciones.length) {
            throw noValida(MENSAJES.esquemaDistinto(distinta ?? c.migraciones.at(-1) ?? ""));
          }
          migracionesCopia = c.migraciones;
          continue;
        }
        if (filasQueFaltan > 0) {
          if (linea.tipo !== "fila") throw noValida(MENSAJES.incompleta);
          if (Object.keys(linea.fila).some((c) => !columnas.includes(c))) {
            throw noValida(MENSAJES.noCoincide([...vistas].at(-1) ?? ""));
          }
          filasQueFaltan -= 1;
          filas += 1;
          continue;
        }
        if (archivo && escritor) {
          if (linea.tipo === "trozo") {
            const contenido = Buffer.from(linea.base64, "base64");
            bytes += contenido.length;
            if (bytes > archivo.bytes) throw noValida(MENSAJES.incompleta);
            hash.update(contenido);
            if (!escritor.write(contenido)) {
              const e = escritor;
              await new Promise<void>((resolve) => e.once("drain", () => resolve()));
            }
            continue;
          }
          await cerrarArchivo();
        }
        if (linea.tipo === "tabla") {
          const { nombre } = linea.tabla;
          if (vistas.has(nombre) || archivos > 0) throw noValida(MENSAJES.noCoincide(nombre));
          vistas.add(nombre);
          columnas = linea.tabla.columnas;
          filasQueFaltan = linea.tabla.filas;
        } else if (linea.tipo === "archivo") {
          archivo = linea.archivo;
          if (preparada) {
            const destino = path.join(preparada, ...linea.archivo.ruta.split("/"));
            await mkdir(path.dirname(destino), { recursive: true });
            escritor = createWriteStream(destino, { mode: 0o600, flags: "wx" });
          } else {
            // Only checked: the hash and the size.
            escritor = new Writable({ write: (_trozo, _codificacion, hecho) => hecho() });
          }
          hash = createHash("sha256");
          bytes = 0;
          archivos += 1;
        } else if (linea.tipo === "fin") {
          if (linea.fin.tablas !== vistas.size || linea.fin.archivos !== archivos) {
            throw noValida(MENSAJES.incompleta);
          }
          fin = true;
        } else {
          // A row or a piece of a file where none goes.
          throw noValida(MENSAJES.noEsCopia);
        }
      }
    } finally {
      (escritor as Writable | null)?.destroy();
    }
    if (!fin) throw noValida(MENSAJES.incompleta);
    return { resumen: { tablas: vistas.size, filas, archivos }, migracionesCopia };
  }

  /**
   * Second read of the (already checked) file, through the same reader: the rows, in batches, into
   * the schema of the copy's version (the current one), whose every table the copy must carry with
   * the same columns. Short-lived tables (EFIMERAS, some of which older versions copied) are
   * skipped, and those of older versions (EFIMERAS_DE_ANTES) are not asked for.
   *
   * The schema's foreign keys are not checked while the rows go in (`reemplazarDatos`): a self
   * reference (`socio.id_pagador`, `pago.id_pago_origen`) may point at a row further on, and goes
   * in as it comes; all of them are checked once the tables are whole. Nothing of the file stays
   * in memory beyond one batch, however big the filà (issue 51).
   */
  private async cargarFilas(repo: CopiasRepository, fichero: string) {
    const tablas = (await repo.tablas()).filter(
      (t) => !EFIMERAS.has(t.nombre) && !EFIMERAS_DE_ANTES.has(t.nombre),
    );
    const porNombre = new Map(tablas.map((t) => [t.nombre, t]));
    const vistas = new Set<string>();
    let tabla: TablaCopia | null = null;
    let columnas: string[] = [];
    let lote: string[] = [];

    const vaciarLote = async () => {
      if (tabla && lote.length > 0) await repo.insertar(tabla.nombre, columnas, lote);
      lote = [];
    };
    const acabarTabla = async () => {
      await vaciarLote();
      tabla = null;
    };

    for await (const linea of leerCopia(fichero)) {
      if (linea.tipo === "fila") {
        if (!tabla) continue;
        lote.push(JSON.stringify(linea.fila));
        if (lote.length >= FILAS_POR_INSERCION) await vaciarLote();
      } else if (linea.tipo === "tabla") {
        await acabarTabla();
        const { nombre } = linea.tabla;
        if (EFIMERAS.has(nombre)) continue;
        tabla = porNombre.get(nombre) ?? null;
        const mismas = (a: string[]) => [...a].sort().join(",");
        if (!tabla || mismas(linea.tabla.columnas) !== mismas(tabla.columnas)) {
          throw noValida(MENSAJES.noCoincide(nombre));
        }
        vistas.add(nombre);
        columnas = linea.tabla.columnas;
      } else if (linea.tipo !== "trozo") {
        await acabarTabla();
      }
    }
    await acabarTabla();
    const falta = tablas.find((t) => !vistas.has(t.nombre));
    if (falta) throw noValida(MENSAJES.noCoincide(falta.nombre));
  }
}
