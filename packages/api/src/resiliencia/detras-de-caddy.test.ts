import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as pedirHttp } from "node:http";
import { request as pedirHttps } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITES_LOGIN } from "../modules/auth/auth.service.js";
import { crearCuenta, crearEntorno, type Entorno, PASSWORD_PRUEBA } from "../test/entorno.js";
import { arrancarProveedorOidc, type ProveedorOidc } from "../test/proveedor-oidc.js";

/**
 * The app behind a real Caddy (Debian's `caddy` package, `tls internal`) on loopback, as
 * docs/PRODUCCION.md deploys it. Clients come from different loopback addresses (127.0.0.2,
 * 127.0.0.3…), so the app can only tell them apart through the X-Forwarded-For Caddy writes.
 */
const CADDY = "/usr/bin/caddy";
const hayCaddy = existsSync(CADDY);
// .ci/run installs caddy and sets FILA_EXIGIR_CADDY: there a missing caddy fails, never skips.
if (!hayCaddy && process.env.FILA_EXIGIR_CADDY === "1") {
  throw new Error(`Falta ${CADDY}: instálalo con apt-get install caddy`);
}

const DEPLOY_CADDYFILE = path.resolve(import.meta.dirname, "../../../../deploy/Caddyfile");
const PUERTO_APP = 3611;
const PUERTO_HTTPS = 3612;
const PUERTO_HTTP_CADDY = 3613;
const PUERTO_OIDC = 3884;

type Respuesta = {
  status: number;
  cabeceras: Record<string, string | string[] | undefined>;
  texto: string;
};

// Skipped only on a machine without caddy (a developer's laptop): CI installs it and requires it.
describe.skipIf(!hayCaddy)("detrás de Caddy con HTTPS (TRUST_PROXY=127.0.0.1)", () => {
  let dir: string;
  let entorno: Entorno;
  let caddy: ChildProcess;
  let proveedor: ProveedorOidc;
  let ca: Buffer;
  let cuenta: { email: string; password: string };

  const porHttps = (
    origen: string,
    metodo: string,
    ruta: string,
    opciones: { cuerpo?: unknown; cabeceras?: Record<string, string> } = {},
  ) =>
    llamar(
      pedirHttps,
      // Caddy's site is https://localhost:PORT: the Host header names it, the socket goes to
      // 127.0.0.1 so that its source address can be chosen.
      {
        host: "127.0.0.1",
        port: PUERTO_HTTPS,
        servername: "localhost",
        ca,
        headers: { host: `localhost:${PUERTO_HTTPS}` },
      },
      origen,
      metodo,
      ruta,
      opciones,
    );
  const directo = (
    origen: string,
    metodo: string,
    ruta: string,
    opciones: { cuerpo?: unknown; cabeceras?: Record<string, string> } = {},
  ) => llamar(pedirHttp, { host: "127.0.0.1", port: PUERTO_APP }, origen, metodo, ruta, opciones);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "fila-caddy-"));
    const webDist = path.join(dir, "web");
    mkdirSync(path.join(webDist, "assets"), { recursive: true });
    writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Filà</title>");
    writeFileSync(path.join(webDist, "sw.js"), "self.addEventListener('install', () => {});\n");
    writeFileSync(path.join(webDist, "assets", "config.json"), '{"version":"caddy"}\n');
    proveedor = await arrancarProveedorOidc({
      puerto: PUERTO_OIDC,
      redirectUri: `http://localhost:${PUERTO_HTTPS}/api/login/oidc/retorno`,
    });
    entorno = await crearEntorno({
      webDist,
      trustProxy: ["127.0.0.1"],
      publicUrl: `http://localhost:${PUERTO_HTTPS}`,
      oidc: {
        issuer: proveedor.issuer,
        clientId: proveedor.clientId,
        clientSecret: proveedor.clientSecret,
        label: "Pruebas",
      },
    });
    await entorno.app.listen({ port: PUERTO_APP, host: "127.0.0.1" });
    cuenta = await crearCuenta(entorno.db);
    cuenta.password = PASSWORD_PRUEBA;

    writeFileSync(
      path.join(dir, "Caddyfile"),
      `{
	admin off
	skip_install_trust
	http_port ${PUERTO_HTTP_CADDY}
	https_port ${PUERTO_HTTPS}
	storage file_system ${path.join(dir, "caddy")}
}

https://localhost:${PUERTO_HTTPS} {
	tls internal
	reverse_proxy 127.0.0.1:${PUERTO_APP}
}
`,
    );
    caddy = spawn(
      CADDY,
      ["run", "--config", path.join(dir, "Caddyfile"), "--adapter", "caddyfile"],
      {
        env: { PATH: process.env.PATH ?? "", HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let salida = "";
    caddy.stderr?.on("data", (d) => {
      salida += d;
    });
    const raiz = path.join(dir, "caddy", "pki", "authorities", "local", "root.crt");
    const limite = Date.now() + 30_000;
    for (;;) {
      if (caddy.exitCode !== null) throw new Error(`caddy terminó: ${salida}`);
      if (Date.now() > limite) throw new Error(`caddy no arranca: ${salida}`);
      if (existsSync(raiz)) {
        ca = readFileSync(raiz);
        try {
          if ((await porHttps("127.0.0.2", "GET", "/api/salud")).status === 200) break;
        } catch {
          // not serving yet
        }
      }
      await new Promise((ok) => setTimeout(ok, 200));
    }
  }, 60_000);

  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      const fin = new Promise((ok) => caddy.once("exit", ok));
      caddy.kill("SIGTERM");
      await fin;
    }
    await entorno?.cerrar();
    await proveedor?.cerrar();
    rmSync(dir, { recursive: true, force: true });
  });

  it("el Caddyfile de deploy/ que copia docs/PRODUCCION.md es válido para este caddy", () => {
    const r = spawnSync(CADDY, ["adapt", "--config", DEPLOY_CADDYFILE, "--adapter", "caddyfile"], {
      env: { PATH: process.env.PATH ?? "", HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      encoding: "utf8",
    });
    expect(r.stderr).not.toMatch(/error/i);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).apps.http.servers).toBeDefined();
  });

  it("entra por HTTPS, con HSTS, y sirve el service worker", async () => {
    const login = await porHttps("127.0.0.2", "POST", "/api/login", {
      cuerpo: { email: cuenta.email, password: cuenta.password },
    });
    expect(login.status).toBe(200);
    expect(JSON.parse(login.texto).accessToken).toEqual(expect.any(String));
    expect(login.cabeceras["strict-transport-security"]).toMatch(/max-age=\d+/);

    const sw = await porHttps("127.0.0.2", "GET", "/sw.js");
    expect(sw.status).toBe(200);
    expect(sw.cabeceras["content-type"]).toMatch(/javascript/);
    expect(sw.texto).toContain("addEventListener");
  });

  it("la cookie del proveedor de identidad es Secure cuando se llega por HTTPS, y no por HTTP", async () => {
    const porProxy = await porHttps("127.0.0.2", "GET", "/api/login/oidc/inicio");
    expect(porProxy.status).toBe(302);
    expect(String(porProxy.cabeceras["set-cookie"])).toMatch(/^fila_oidc=.+; Secure/);

    const sinProxy = await directo("127.0.0.2", "GET", "/api/login/oidc/inicio");
    expect(sinProxy.status).toBe(302);
    expect(String(sinProxy.cabeceras["set-cookie"])).not.toContain("Secure");
  });

  it("el límite de intentos cuenta cada cliente por su dirección, y una cabecera falsa no cuela", async () => {
    // 20 wrong passwords for as many unknown accounts from 127.0.0.5: its address is now locked.
    const fallos = await Promise.all(
      Array.from({ length: LIMITES_LOGIN.porIp }, (_, i) =>
        porHttps("127.0.0.5", "POST", "/api/login", {
          cuerpo: { email: `nadie${i}@fila.test`, password: "no-es-esta-clave" },
        }),
      ),
    );
    expect(fallos.map((r) => r.status)).toEqual(fallos.map(() => 401));
    const bloqueado = await porHttps("127.0.0.5", "POST", "/api/login", {
      cuerpo: { email: cuenta.email, password: cuenta.password },
    });
    expect(bloqueado.status).toBe(429);

    // Another client behind the same proxy still signs in: without TRUST_PROXY both would be
    // 127.0.0.1 (Caddy's address) and share the lock.
    const otro = await porHttps("127.0.0.6", "POST", "/api/login", {
      cuerpo: { email: cuenta.email, password: cuenta.password },
    });
    expect(otro.status).toBe(200);

    // The locked client cannot pass for someone else: Caddy drops the X-Forwarded-For of a
    // client it does not trust, and the app ignores it from a client that is not the proxy.
    const falsoPorProxy = await porHttps("127.0.0.5", "POST", "/api/login", {
      cuerpo: { email: cuenta.email, password: cuenta.password },
      cabeceras: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(falsoPorProxy.status).toBe(429);

    // A client talking to the app directly cannot borrow a locked address either.
    const falsoDirecto = await directo("127.0.0.7", "POST", "/api/login", {
      cuerpo: { email: cuenta.email, password: cuenta.password },
      cabeceras: { "x-forwarded-for": "127.0.0.5" },
    });
    expect(falsoDirecto.status).toBe(200);
  }, 30_000);
});

function llamar(
  pedir: typeof pedirHttp | typeof pedirHttps,
  destino: Record<string, unknown>,
  origen: string,
  metodo: string,
  ruta: string,
  opciones: { cuerpo?: unknown; cabeceras?: Record<string, string> },
): Promise<Respuesta> {
  const cuerpo = opciones.cuerpo === undefined ? undefined : JSON.stringify(opciones.cuerpo);
  return new Promise((ok, mal) => {
    const req = pedir(
      {
        ...destino,
        localAddress: origen,
        method: metodo,
        path: ruta,
        agent: false,
        headers: {
          ...(destino.headers as Record<string, string> | undefined),
          ...(cuerpo ? { "content-type": "application/json" } : {}),
          ...opciones.cabeceras,
        },
      },
      (res) => {
        let texto = "";
        res.setEncoding("utf8");
        res.on("data", (d) => {
          texto += d;
        });
        res.on("end", () => ok({ status: res.statusCode ?? 0, cabeceras: res.headers, texto }));
        res.on("error", mal);
      },
    );
    req.on("error", mal);
    req.end(cuerpo);
  });
}
