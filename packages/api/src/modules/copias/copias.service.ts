import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { VERSION_APP } from "../../config.js";
import { DomainError } from "../../errors/domain-error.js";
import { type Mensaje, mensajeCon } from "../../errors/mensajes.js";
import { verificarPassword } from "../../lib/passwords.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import {
  ArchivoSchema,
  BYTES_POR_TROZO,
  CabeceraSchema,
  FilaSchema,
  FinSchema,
  FORMATO,
  linea,
  TablaSchema,
  TrozoSchema,
  VERSION_FORMATO,
} from "./copia-formato.js";
import { EscritorGzip, lineasDe } from "./copias.lineas.js";
import { CopiasRepository, EFIMERAS, type TablaCopia } from "./copias.repository.js";

/** What a restore replaced. */
export type ResumenRestauracion = { tablas: number; filas: number; archivos: number };
export type CopiaAutomatica = { nombre: string; bytes: number; creada: string };

const FILAS_POR_INSERCION = 500;
/** Names of the automatic copies that `db/copias.ts` writes. */
const NOMBRE_AUTOMATICA = /^fila-[0-9A-Za-z-]{1,60}\.tar\.gz$/;

const noValida = (m: Mensaje) =>
  new DomainError("copia_no_valida", m, [{ campo: "archivo", clave: m }]);
const MENSAJES = {
  noEsCopia: "copias.no_es_copia",
  incompleta: "copias.incompleta",
  formatoNuevo: (version: number) => mensajeCon("copias.formato_nuevo", { version }),
  esquemaNuevo: (migracion: string) => mensajeCon("copias.esquema_nuevo", { migracion }),
  esquemaViejo: "copias.esquema_viejo",
  noCoincide: (tabla: string) => mensajeCon("copias.no_coincide", { tabla }),
} as const;

/** Stops at the first line that breaks the format, with the Spanish reason. */
function leerJson(texto: string, enCabecera: boolean): unknown {
  try {
    return JSON.parse(texto);
  } catch {
    throw noValida(enCabecera ? MENSAJES.noEsCopia : MENSAJES.incompleta);
  }
}

/**
 * Backups of the whole filà (database and uploaded files) in one file of our own format
 * (copia-formato.ts), the same on PGlite and PostgreSQL, and their restore: the file is checked
 * entirely before anything changes, then the database is replaced in one transaction and the
 * files folder swapped by renames.
 */
export class CopiasService {
  private restaurando = false;

  constructor(
    private readonly repo: CopiasRepository,
    private readonly dataDir: string,
    private readonly alRestaurar: () => void = () => {},
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

  /** Writes a new backup to a temporary file; the caller streams it and deletes it. */
  async generar(): Promise<{ ruta: string; nombre: string }> {
    const marca = new Date().toISOString().slice(0, 16).replace("T", "-").replace(":", "");
    const nombre = `fila-copia-${marca}.fila.gz`;
    const ruta = path.join(
      await this.carpetaTemporal(),
      `${randomBytes(8).toString("hex")}-${nombre}`,
    );
    const escritor = new EscritorGzip(ruta);
    try {
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
          for (let desde = 0; desde < filas; desde += CopiasRepository.FILAS_POR_LECTURA) {
            for (const fila of await repo.leerFilas(tabla, desde)) {
              await escritor.escribir(`{"f":${fila}}\n`);
            }
          }
        }
        return tablas.length;
      });
      const archivos = await this.archivosGuardados();
      for (const relativa of archivos) {
        const contenido = await readFile(path.join(this.carpetaArchivos, relativa));
        const sha256 = createHash("sha256").update(contenido).digest("hex");
        await escritor.escribir(
          linea({ tipo: "archivo", ruta: relativa, bytes: contenido.length, sha256 }),
        );
        for (let i = 0; i < contenido.length; i += BYTES_POR_TROZO) {
          const trozo = contenido.subarray(i, i + BYTES_POR_TROZO).toString("base64");
          await escritor.escribir(linea({ b: trozo }));
        }
      }
      await escritor.escribir(linea({ tipo: "fin", tablas: numTablas, archivos: archivos.length }));
      await escritor.cerrar();
      return { ruta, nombre };
    } catch (err) {
      escritor.destruir();
      await rm(ruta, { force: true });
      throw err;
    }
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

  /** The automatic copies in DATA_DIR/copias (embedded database only), newest first. */
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
   * password, the association's name typed by them and the whole file. Every session ends.
   */
  async restaurar(
    actor: UsuarioAutenticado,
    fichero: string,
    confirmacion: { password: string; nombre: string },
  ): Promise<ResumenRestauracion> {
    if (this.restaurando) {
      throw new DomainError("conflicto", "copias.hay_restauracion_marcha_espera_acabe");
    }
    this.restaurando = true;
    const preparada = path.join(
      this.dataDir,
      `files.restauracion-${randomBytes(6).toString("hex")}`,
    );
    try {
      await this.comprobarConfirmacion(actor, confirmacion);
      const tablas = (await this.repo.tablas()).filter((t) => !EFIMERAS.has(t.nombre));
      const migraciones = await this.repo.migraciones();
      const resumen = await this.validar(fichero, tablas, migraciones, preparada);
      await this.reemplazarDatos(fichero, tablas, actor, resumen);
      await this.cambiarArchivos(preparada);
      this.alRestaurar();
      return resumen;
    } finally {
      this.restaurando = false;
      await rm(preparada, { recursive: true, force: true });
    }
  }

  /**
   * Everything in one transaction: a row the database refuses undoes the whole restore. The
   * restore itself goes on the restored activity log, by name: the account that did it may not
   * exist in the copy.
   */
  private async reemplazarDatos(
    fichero: string,
    tablas: TablaCopia[],
    actor: UsuarioAutenticado,
    resumen: ResumenRestauracion,
  ) {
    try {
      await this.repo.transaccion(async (repo) => {
        const todas = await repo.tablas();
        await repo.disparadores(
          todas.map((t) => t.nombre),
          false,
        );
        for (const tabla of [...todas].reverse()) await repo.vaciar(tabla.nombre);
        await this.cargarFilas(repo, fichero, tablas);
        await repo.disparadores(
          todas.map((t) => t.nombre),
          true,
        );
        await repo.subirVersionDatos();
        await repo.ajustarSecuencias();
        await repo.auditar({
          idUsuario: null,
          entidad: "copia",
          idEntidad: 0,
          accion: "restauración",
          cambios: [
            { campo: "restauradaPor", antes: null, despues: `${actor.nombre} <${actor.email}>` },
            { campo: "tablas", antes: null, despues: resumen.tablas },
            { campo: "filas", antes: null, despues: resumen.filas },
            { campo: "archivos", antes: null, despues: resumen.archivos },
          ],
        });
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
   * Reads the whole file once: header, every table against this app's schema and row counts,
   * every uploaded file (written into `preparada`, checked by size and SHA-256) and the end line.
   */
  private async validar(
    fichero: string,
    tablas: TablaCopia[],
    migraciones: string[],
    preparada: string,
  ): Promise<ResumenRestauracion> {
    const esperadas = new Map(tablas.map((t) => [t.nombre, t]));
    const vistas = new Set<string>();
    await mkdir(preparada, { recursive: true });
    let estado: "cabecera" | "cuerpo" | "fin" = "cabecera";
    let filasQueFaltan = 0;
    let filas = 0;
    let tablaActual = "";
    let archivo: { ruta: string; bytes: number; sha256: string } | null = null;
    let escritor: ReturnType<typeof createWriteStream> | null = null;
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
      for await (const texto of lineasDe(fichero)) {
        if (estado === "fin") throw noValida(MENSAJES.noEsCopia);
        const valor = leerJson(texto, estado === "cabecera");
        if (estado === "cabecera") {
          const cabecera = CabeceraSchema.safeParse(valor);
          if (!cabecera.success) throw noValida(MENSAJES.noEsCopia);
          const c = cabecera.data;
          if (c.version > VERSION_FORMATO) throw noValida(MENSAJES.formatoNuevo(c.version));
          const desconocida = c.migraciones.find((m) => !migraciones.includes(m));
          if (desconocida) throw noValida(MENSAJES.esquemaNuevo(desconocida));
          if (c.migraciones.length !== migraciones.length) throw noValida(MENSAJES.esquemaViejo);
          estado = "cuerpo";
          continue;
        }
        if (filasQueFaltan > 0) {
          const fila = FilaSchema.safeParse(valor);
          if (!fila.success) throw noValida(MENSAJES.incompleta);
          const columnas = esperadas.get(tablaActual)?.columnas ?? [];
          if (Object.keys(fila.data.f).some((c) => !columnas.includes(c))) {
            throw noValida(MENSAJES.noCoincide(tablaActual));
          }
          filasQueFaltan -= 1;
          filas += 1;
          continue;
        }
        if (archivo && escritor) {
          const trozo = TrozoSchema.safeParse(valor);
          if (trozo.success) {
            const contenido = Buffer.from(trozo.data.b, "base64");
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
        const tipo = (valor as { tipo?: unknown } | null)?.tipo;
        if (tipo === "tabla") {
          const tabla = TablaSchema.safeParse(valor);
          if (!tabla.success) throw noValida(MENSAJES.noEsCopia);
          const esperada = esperadas.get(tabla.data.nombre);
          if (!esperada || vistas.has(tabla.data.nombre) || archivos > 0) {
            throw noValida(MENSAJES.noCoincide(tabla.data.nombre));
          }
          if (tabla.data.columnas.join(",") !== esperada.columnas.join(",")) {
            throw noValida(MENSAJES.noCoincide(tabla.data.nombre));
          }
          vistas.add(tabla.data.nombre);
          tablaActual = tabla.data.nombre;
          filasQueFaltan = tabla.data.filas;
        } else if (tipo === "archivo") {
          const datos = ArchivoSchema.safeParse(valor);
          if (!datos.success) throw noValida(MENSAJES.noEsCopia);
          archivo = datos.data;
          const destino = path.join(preparada, ...datos.data.ruta.split("/"));
          await mkdir(path.dirname(destino), { recursive: true });
          escritor = createWriteStream(destino, { mode: 0o600, flags: "wx" });
          hash = createHash("sha256");
          bytes = 0;
          archivos += 1;
        } else if (tipo === "fin") {
          const fin = FinSchema.safeParse(valor);
          if (!fin.success || fin.data.tablas !== vistas.size || fin.data.archivos !== archivos) {
            throw noValida(MENSAJES.incompleta);
          }
          estado = "fin";
        } else {
          throw noValida(MENSAJES.noEsCopia);
        }
      }
    } catch (err) {
      (escritor as ReturnType<typeof createWriteStream> | null)?.destroy();
      if (err instanceof DomainError) throw err;
      // zlib: not gzip at all, or cut short.
      const codigo = (err as { code?: string }).code;
      throw noValida(
        estado === "cabecera" && codigo !== "Z_BUF_ERROR"
          ? MENSAJES.noEsCopia
          : MENSAJES.incompleta,
      );
    }
    if (estado === "cabecera") throw noValida(MENSAJES.noEsCopia);
    if (estado !== "fin") throw noValida(MENSAJES.incompleta);
    const faltan = tablas.find((t) => !vistas.has(t.nombre));
    if (faltan) throw noValida(MENSAJES.noCoincide(faltan.nombre));
    return { tablas: vistas.size, filas, archivos };
  }

  /** Second read of the (already checked) file: the rows, table by table, in batches. */
  private async cargarFilas(repo: CopiasRepository, fichero: string, tablas: TablaCopia[]) {
    const porNombre = new Map(tablas.map((t) => [t.nombre, t]));
    let tabla: TablaCopia | null = null;
    let columnas: string[] = [];
    let lote: string[] = [];
    let paraEnlazar: string[] = [];

    const vaciarLote = async () => {
      if (tabla && lote.length > 0) await repo.insertar(tabla.nombre, columnas, lote);
      lote = [];
    };
    const acabarTabla = async () => {
      await vaciarLote();
      if (tabla && tabla.autorreferencias.length > 0) {
        for (let i = 0; i < paraEnlazar.length; i += FILAS_POR_INSERCION) {
          const trozo = paraEnlazar.slice(i, i + FILAS_POR_INSERCION);
          await repo.enlazar(tabla.nombre, tabla.clave, tabla.autorreferencias, trozo);
        }
      }
      paraEnlazar = [];
      tabla = null;
    };

    for await (const texto of lineasDe(fichero)) {
      if (texto.startsWith('{"f":')) {
        if (!tabla) continue;
        // The row's own JSON, as the backup wrote it: `{"f":<row>}`.
        const fila = texto.slice(5, -1);
        lote.push(fila);
        if (tabla.autorreferencias.length > 0) paraEnlazar.push(fila);
        if (lote.length >= FILAS_POR_INSERCION) await vaciarLote();
        continue;
      }
      if (texto.startsWith('{"b":')) continue;
      const valor = JSON.parse(texto) as { tipo?: string; nombre?: string; columnas?: string[] };
      await acabarTabla();
      if (valor.tipo === "tabla" && valor.nombre) {
        tabla = porNombre.get(valor.nombre) ?? null;
        const propias = tabla?.autorreferencias ?? [];
        columnas = (valor.columnas ?? []).filter((c) => !propias.includes(c));
      }
    }
    await acabarTabla();
  }

  /** The checked files take the place of the current ones (two renames on the same disk). */
  private async cambiarArchivos(preparada: string) {
    const viejos = `${this.carpetaArchivos}.anterior-${randomBytes(6).toString("hex")}`;
    const habia = existsSync(this.carpetaArchivos);
    if (habia) await rename(this.carpetaArchivos, viejos);
    await rename(preparada, this.carpetaArchivos);
    if (habia) await rm(viejos, { recursive: true, force: true });
  }
}
