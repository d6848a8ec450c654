import { generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import Provider from "oidc-provider";

/**
 * A real OpenID Connect provider (oidc-provider) on loopback for the tests: its sign-in page is
 * a small form (email, whether the provider says it is verified, an optional fixed `sub`, or
 * refuse), so API tests post it and browser tests fill it like a person would.
 */
export type ProveedorOidc = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  cerrar: () => Promise<void>;
};

/** "xms": verified the way Microsoft Entra ID says it (xms_edov, no email_verified). */
type CuentaProveedor = { email: string; verificado: "si" | "no" | "xms" };

export const subDe = (email: string) => `sub-${email}`;

function leerCuerpo(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((ok, mal) => {
    let texto = "";
    req.setEncoding("utf8");
    req.on("data", (trozo) => {
      texto += trozo;
    });
    req.on("end", () => ok(new URLSearchParams(texto)));
    req.on("error", mal);
  });
}

const escapar = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function paginaDeEntrada(uid: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Proveedor de pruebas</title></head>
<body><main><h1>Proveedor de identidad de pruebas</h1>
<form method="post" action="/interaction/${escapar(uid)}">
<label>Correo <input name="email" type="email" autocomplete="off"></label>
<label><input name="verificado" type="checkbox" value="si" checked> Correo verificado</label>
<button type="submit">Entrar en el proveedor</button>
</form></main></body></html>`;
}

export async function arrancarProveedorOidc(opciones: {
  puerto: number;
  redirectUri: string;
  clientId?: string;
  clientSecret?: string;
}): Promise<ProveedorOidc> {
  const issuer = `http://127.0.0.1:${opciones.puerto}`;
  const clientId = opciones.clientId ?? "fila-pruebas";
  const clientSecret = opciones.clientSecret ?? "secreto-de-pruebas-de-la-fila-0123456789";
  const cuentas = new Map<string, CuentaProveedor>();
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: "jwk" }),
    kid: "clave-pruebas",
    alg: "RS256",
    use: "sig",
  };

  const proveedor = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opciones.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [jwk] },
    claims: { openid: ["sub"], email: ["email", "email_verified", "xms_edov"], profile: ["name"] },
    conformIdTokenClaims: false,
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ["clave-de-cookies-de-pruebas"] },
    interactions: {
      url: (_ctx: unknown, interaccion: { uid: string }) => `/interaction/${interaccion.uid}`,
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      const cuenta = cuentas.get(sub);
      if (!cuenta) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: cuenta.email,
          name: cuenta.email,
          ...(cuenta.verificado === "xms"
            ? { xms_edov: true }
            : { email_verified: cuenta.verificado === "si" }),
        }),
      };
    },
  });
  const manejar = proveedor.callback();

  const servidor: Server = createServer(async (req, res) => {
    const interaccion = /^\/interaction\/([\w-]+)$/.exec(req.url ?? "");
    if (!interaccion) return manejar(req, res);
    try {
      const detalles = await proveedor.interactionDetails(req, res);
      if (req.method !== "POST") {
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        res.end(paginaDeEntrada(detalles.uid));
        return;
      }
      const campos = await leerCuerpo(req);
      if (campos.get("rechazar")) {
        await proveedor.interactionFinished(
          req,
          res,
          { error: "access_denied", error_description: "La persona no ha querido entrar" },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const email = campos.get("email") ?? "";
      const sub = campos.get("sub") || subDe(email);
      const verificado = campos.get("verificado");
      cuentas.set(sub, {
        email,
        verificado: verificado === "si" || verificado === "xms" ? verificado : "no",
      });
      const grant = new proveedor.Grant({ accountId: sub, clientId });
      grant.addOIDCScope(String(detalles.params.scope ?? "openid"));
      const grantId = await grant.save();
      await proveedor.interactionFinished(
        req,
        res,
        { login: { accountId: sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (err) {
      res.statusCode = 500;
      res.end(String(err));
    }
  });
  await new Promise<void>((ok) => servidor.listen(opciones.puerto, "127.0.0.1", ok));
  return {
    issuer,
    clientId,
    clientSecret,
    cerrar: () =>
      new Promise<void>((ok) => {
        servidor.closeAllConnections();
        servidor.close(() => ok());
      }),
  };
}
