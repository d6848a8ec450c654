import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "./entorno.js";

export type Parte =
  | { campo: string; valor: string }
  | { campo: string; archivo: Buffer; nombre: string };

/** A multipart/form-data body (text fields and files, in order) for `app.inject`. */
export function multipart(partes: Parte[]) {
  const limite = `----fila${Math.random().toString(16).slice(2)}`;
  const trozos: Buffer[] = [];
  for (const p of partes) {
    if ("archivo" in p) {
      trozos.push(
        Buffer.from(
          `--${limite}\r\nContent-Disposition: form-data; name="${p.campo}"; filename="${p.nombre}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        p.archivo,
        Buffer.from("\r\n"),
      );
    } else {
      trozos.push(
        Buffer.from(
          `--${limite}\r\nContent-Disposition: form-data; name="${p.campo}"\r\n\r\n${p.valor}\r\n`,
        ),
      );
    }
  }
  trozos.push(Buffer.from(`--${limite}--\r\n`));
  return {
    payload: Buffer.concat(trozos),
    headers: { "content-type": `multipart/form-data; boundary=${limite}` },
  };
}

export type Metodo = "GET" | "POST" | "PUT" | "DELETE";
export type TokensPorRol = Record<"administrador" | "usuario" | "socio" | "sinFicha", string>;

export type EntornoConArchivos = {
  e: Entorno;
  /** Temporary DATA_DIR of this test file: uploads land in `files/` under it. */
  dataDir: string;
  /** A session per role, plus a `usuario` without a member record (`sinFicha`). */
  tokens: TokensPorRol;
  /** JSON request with an optional session (no token = anonymous). */
  llamar: (
    method: Metodo,
    url: string,
    token?: string,
    payload?: unknown,
  ) => Promise<LightMyRequestResponse>;
  cerrar: () => Promise<void>;
};

/** An app with its own temporary DATA_DIR and one signed-in account per role. */
export async function crearEntornoConArchivos(prefijo: string): Promise<EntornoConArchivos> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `fila-${prefijo}-`));
  const e = await crearEntorno({ dataDir });
  const tokens = {} as TokensPorRol;
  for (const rol of ["administrador", "usuario", "socio"] as const) {
    tokens[rol] = await entrar(e.app, (await crearCuenta(e.db, { rol })).email);
  }
  tokens.sinFicha = await entrar(
    e.app,
    (await crearCuenta(e.db, { rol: "usuario", conSocio: false })).email,
  );
  return {
    e,
    dataDir,
    tokens,
    llamar: (method, url, token, payload) =>
      e.app.inject({
        method,
        url,
        headers: token ? bearer(token) : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    cerrar: async () => {
      await e.cerrar();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every stored upload of a DATA_DIR: its path under `files/` → SHA-256 of its bytes. */
export function archivosGuardados(dataDir: string): Record<string, string> {
  const carpeta = path.join(dataDir, "files");
  const resultado: Record<string, string> = {};
  if (!existsSync(carpeta)) return resultado;
  for (const e of readdirSync(carpeta, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const ruta = path.join(e.parentPath, e.name);
    resultado[path.relative(carpeta, ruta)] = createHash("sha256")
      .update(readFileSync(ruta))
      .digest("hex");
  }
  return resultado;
}
