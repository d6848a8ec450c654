import {
  construirServidor,
  SERVIDOR_CONSTRUIDO,
  servidorAlDia,
} from "../../../../scripts/construir-servidor.mjs";

/**
 * Global setup of the tests that start real servers (project api-servidores): they run the
 * bundled server, as `npm start` does (resiliencia/servidor-real.ts), so it is built here first
 * when a source is newer than it. Each start then skips tsx's loader: ~2–4 s less per start on
 * this machine, and the crash test alone starts ~20 servers.
 */
export default async function setup() {
  if (servidorAlDia()) return;
  await construirServidor();
  console.log(`api-servidores: servidor construido (${SERVIDOR_CONSTRUIDO})`);
}
