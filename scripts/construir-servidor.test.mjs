import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { construirServidor, SERVIDOR_CONSTRUIDO, servidorAlDia } from "./construir-servidor.mjs";

/*
 * `npm start` runs the API bundled by esbuild (docs/adr/0024), not the sources through tsx. The
 * tests run the sources; this one runs the bundle as `npm start` does and asks it for what reads
 * files at run time: the migrations on an empty database, a sign-in, a PDF (pdfmake's fonts found
 * through createRequire) and an XLSX.
 */

const puertoLibre = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

let hijo;
let dataDir;

afterAll(async () => {
  if (hijo && hijo.exitCode === null) {
    const fin = new Promise((r) => hijo.once("exit", r));
    hijo.kill("SIGTERM");
    await fin;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("el servidor construido para npm start", () => {
  it("se construye sin TypeScript dentro ni paquetes de node_modules, y queda al día", async () => {
    await construirServidor();
    expect(servidorAlDia()).toBe(true);
    const codigo = readFileSync(SERVIDOR_CONSTRUIDO, "utf8");
    expect(codigo).toContain("// packages/api/src/server.ts");
    expect(codigo).toContain("// packages/domain/src/");
    expect(codigo).toMatch(/from "fastify"/);
    expect(codigo).not.toContain("tsx");
  });

  it("arranca en una base vacía y sirve la sesión, un PDF y un XLSX", async () => {
    const puerto = await puertoLibre();
    dataDir = mkdtempSync(path.join(tmpdir(), "fila-construido-"));
    hijo = spawn(process.execPath, [SERVIDOR_CONSTRUIDO], {
      env: {
        ...process.env,
        DATABASE_URL: "",
        PORT: String(puerto),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        ADMIN_EMAIL: "junta@filaconstruida.es",
        ADMIN_PASSWORD: "clave-de-la-junta-2026",
        NODE_ENV: "production",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let salida = "";
    hijo.stdout.on("data", (d) => {
      salida += d;
    });
    hijo.stderr.on("data", (d) => {
      salida += d;
    });
    const base = `http://127.0.0.1:${puerto}`;
    const limite = Date.now() + 60_000;
    for (;;) {
      if (hijo.exitCode !== null) throw new Error(`el servidor ha terminado: ${salida}`);
      const r = await fetch(`${base}/api/salud`).catch(() => null);
      if (r?.ok) break;
      if (Date.now() > limite) throw new Error(`el servidor no arranca: ${salida}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const login = await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: "junta@filaconstruida.es",
        password: "clave-de-la-junta-2026",
      }),
    });
    expect(login.status).toBe(200);
    const { accessToken, id } = await login.json();
    const cabeceras = { authorization: `Bearer ${accessToken}` };
    const condiciones = await fetch(`${base}/api/login/condiciones`, {
      method: "POST",
      headers: { ...cabeceras, "content-type": "application/json" },
      body: JSON.stringify({ id }),
    });
    expect(condiciones.status, await condiciones.clone().text()).toBe(200);
    const pdf = await fetch(`${base}/api/informes/socios?formato=pdf`, { headers: cabeceras });
    expect(pdf.status, await pdf.clone().text()).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const xlsx = await fetch(`${base}/api/informes/socios?formato=xlsx`, { headers: cabeceras });
    expect(xlsx.status).toBe(200);
    // An XLSX is a ZIP.
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");
  }, 90_000);
});
