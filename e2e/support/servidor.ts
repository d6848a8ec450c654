// Starts the real app for the browser tests: a fresh data directory (or a fresh PostgreSQL
// database when DATABASE_URL is set), the demo filà, mail to an SMTP server on loopback, and
// sign-in with a real OpenID Connect provider (oidc-provider) on loopback, and online payment
// through a simulated Redsys on loopback (a merchant key made for this run: Redsys's published
// test key would put the app in test mode, where no charge is paid).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crearBaseTemporal } from "../../packages/api/src/db/base-temporal.js";
import { arrancarProveedorOidc } from "../../packages/api/src/test/proveedor-oidc.js";
import {
  arrancarRedsysSimulado,
  COMERCIO_SIMULADO,
} from "../../packages/api/src/test/redsys-simulado.js";
import {
  construirServidor,
  SERVIDOR_CONSTRUIDO,
  servidorAlDia,
} from "../../scripts/construir-servidor.mjs";
import {
  ETIQUETA_OIDC,
  PRIMER_ADMIN,
  PUERTO_APP,
  PUERTO_OIDC,
  PUERTO_REDSYS,
  PUERTO_SMTP,
} from "./constantes";

const dataDir = mkdtempSync(path.join(tmpdir(), "fila-e2e-"));
const limpiezas: Array<() => Promise<void>> = [
  async () => rmSync(dataDir, { recursive: true, force: true }),
];

const urlPg = process.env.DATABASE_URL;
if (urlPg) {
  const temporal = await crearBaseTemporal(urlPg, "fila_e2e");
  process.env.DATABASE_URL = temporal.url;
  limpiezas.push(temporal.borrar);
}

const proveedor = await arrancarProveedorOidc({
  puerto: PUERTO_OIDC,
  redirectUri: `http://127.0.0.1:${PUERTO_APP}/api/login/oidc/retorno`,
});
limpiezas.push(proveedor.cerrar);

const banco = await arrancarRedsysSimulado({ puerto: PUERTO_REDSYS });
limpiezas.push(banco.cerrar);

Object.assign(process.env, {
  OIDC_ISSUER: proveedor.issuer,
  OIDC_CLIENT_ID: proveedor.clientId,
  OIDC_CLIENT_SECRET: proveedor.clientSecret,
  OIDC_LABEL: ETIQUETA_OIDC,
  REDSYS_MERCHANT_CODE: COMERCIO_SIMULADO.merchantCode,
  REDSYS_TERMINAL: COMERCIO_SIMULADO.terminal,
  REDSYS_SECRET_KEY: COMERCIO_SIMULADO.secretKey,
  REDSYS_URL: banco.url,
  PORT: String(PUERTO_APP),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${PUERTO_APP}`,
  SMTP_URL: `smtp://127.0.0.1:${PUERTO_SMTP}`,
  // Mailings (envios.spec): one mail every 100 ms, so that a mailing ends within the test.
  ENVIOS_POR_MINUTO: "600",
  ADMIN_EMAIL: PRIMER_ADMIN.email,
  ADMIN_PASSWORD: PRIMER_ADMIN.password,
  DEMO: "1",
  LOG_LEVEL: "warn",
});

// The bundled server, as `npm start` runs it (built by `npm run build`, or here when a source is
// newer than it), on this process's Node: CI runs the browser suite on Node 22 and 24.
if (!servidorAlDia()) await construirServidor();
console.log(`e2e: servidor construido (${SERVIDOR_CONSTRUIDO}) en Node ${process.versions.node}`);
const servidor = spawn(process.execPath, [SERVIDOR_CONSTRUIDO], {
  stdio: "inherit",
  env: process.env,
});

let terminando = false;
async function terminar(codigo: number) {
  if (terminando) return;
  terminando = true;
  if (servidor.exitCode === null) {
    servidor.kill("SIGTERM");
    await new Promise((ok) => servidor.once("exit", ok));
  }
  for (const limpiar of limpiezas) await limpiar().catch(() => {});
  process.exit(codigo);
}
servidor.on("exit", (code) => void terminar(code ?? 1));
process.on("SIGTERM", () => void terminar(0));
process.on("SIGINT", () => void terminar(0));
