import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVIDOR_CONSTRUIDO } from "../../scripts/construir-servidor.mjs";

export const ADMIN_NUEVA = { email: "nueva@fila.test", password: "instalacion-nueva-2026" };

/** A port free on loopback right now: the system's choice. */
function puertoLibre(): Promise<number> {
  return new Promise((ok, mal) => {
    const sonda = createServer();
    sonda.once("error", mal);
    sonda.listen(0, "127.0.0.1", () => {
      const { port } = sonda.address() as AddressInfo;
      sonda.close(() => ok(port));
    });
  });
}

/**
 * A second, empty installation of the app (own port, empty DATA_DIR, embedded database, no demo)
 * for tests that must not change the shared demo server. Its port is the one given or, with 0
 * (support/constantes.ts), a free one chosen when it starts; `url` is known from then on.
 */
export class InstalacionNueva {
  puerto = 0;
  url = "";
  dataDir = "";
  private servidor: ChildProcess | null = null;

  constructor(private readonly puertoPedido: number) {}

  async arrancar(): Promise<void> {
    this.puerto = this.puertoPedido || (await puertoLibre());
    this.url = `http://127.0.0.1:${this.puerto}`;
    this.dataDir = mkdtempSync(path.join(tmpdir(), "fila-e2e-nueva-"));
    // Always the embedded database: with DATABASE_URL the run also moves a filà from PostgreSQL.
    const { DATABASE_URL: _url, DEMO: _demo, ...entorno } = process.env;
    // The bundled server, as `npm start` runs it (support/servidor.ts builds it before the run):
    // ~2-4 s less per start than the sources through tsx.
    const servidor = spawn(process.execPath, [SERVIDOR_CONSTRUIDO], {
      stdio: "inherit",
      env: {
        ...entorno,
        PORT: String(this.puerto),
        HOST: "127.0.0.1",
        DATA_DIR: this.dataDir,
        PUBLIC_URL: this.url,
        ADMIN_EMAIL: ADMIN_NUEVA.email,
        ADMIN_PASSWORD: ADMIN_NUEVA.password,
        LOG_LEVEL: "warn",
      },
    });
    this.servidor = servidor;
    const limite = Date.now() + 100_000;
    for (;;) {
      const listo = await fetch(`${this.url}/assets/config.json`).then(
        (r) => r.ok,
        () => false,
      );
      if (listo) return;
      if (Date.now() > limite || servidor.exitCode !== null) {
        throw new Error("la instalación nueva no ha arrancado");
      }
      await new Promise((ok) => setTimeout(ok, 300));
    }
  }

  async parar(): Promise<void> {
    const servidor = this.servidor;
    if (servidor && servidor.exitCode === null) {
      servidor.kill("SIGTERM");
      await new Promise((ok) => servidor.once("exit", ok));
    }
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}
