import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { ANUNCIO_DIAS_VIGENCIA } from "@fila/domain";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ConfianzaProxy, type Config, VERSION_APP } from "./config.js";
import type { Database } from "./db/database.js";
import type { ClaveInstalacion } from "./lib/clave-instalacion.js";
import { ActosRepository } from "./modules/actos/actos.repository.js";
import { actosRoutes } from "./modules/actos/actos.routes.js";
import { ActosService } from "./modules/actos/actos.service.js";
import { calendarioRoutes } from "./modules/actos/calendario.routes.js";
import { CalendarioService } from "./modules/actos/calendario.service.js";
import { imagenActoRoutes } from "./modules/actos/imagen-acto.routes.js";
import { ImagenActoService } from "./modules/actos/imagen-acto.service.js";
import { restauracionRoutes } from "./modules/actos/restauracion.routes.js";
import { RestauracionService } from "./modules/actos/restauracion.service.js";
import { AlertasRepository } from "./modules/alertas/alertas.repository.js";
import { alertasRoutes } from "./modules/alertas/alertas.routes.js";
import { AlertasService } from "./modules/alertas/alertas.service.js";
import { AnaliticaRepository } from "./modules/analitica/analitica.repository.js";
import { analiticaRoutes } from "./modules/analitica/analitica.routes.js";
import { AnaliticaService } from "./modules/analitica/analitica.service.js";
import { AnunciosRepository } from "./modules/anuncios/anuncios.repository.js";
import { anunciosRoutes } from "./modules/anuncios/anuncios.routes.js";
import { AnunciosService } from "./modules/anuncios/anuncios.service.js";
import { asociacionRoutes } from "./modules/asociacion/asociacion.routes.js";
import { asociacionTextosRoutes } from "./modules/asociacion/asociacion-textos.routes.js";
import { AuthRepository } from "./modules/auth/auth.repository.js";
import { authRoutes } from "./modules/auth/auth.routes.js";
import { AuthService } from "./modules/auth/auth.service.js";
import { OidcRepository } from "./modules/auth/oidc.repository.js";
import { oidcRoutes } from "./modules/auth/oidc.routes.js";
import { OidcService, type OpcionesOidc } from "./modules/auth/oidc.service.js";
import { TotpRepository } from "./modules/auth/totp.repository.js";
import { totpRoutes } from "./modules/auth/totp.routes.js";
import { TotpService } from "./modules/auth/totp.service.js";
import { copiasRoutes } from "./modules/copias/copias.routes.js";
import { documentosRoutes } from "./modules/documentos/documentos.routes.js";
import { eventosRoutes } from "./modules/eventos/eventos.routes.js";
import { EventosService } from "./modules/eventos/eventos.service.js";
import { gallofaRoutes } from "./modules/gallofa/gallofa.routes.js";
import { informesRoutes } from "./modules/informes/informes.routes.js";
import { maestrosRoutes } from "./modules/maestros/maestros.routes.js";
import { metricasRoutes } from "./modules/metricas/metricas.routes.js";
import { MetricasService } from "./modules/metricas/metricas.service.js";
import { noticiasRoutes } from "./modules/noticias/noticias.routes.js";
import { pagosRoutes } from "./modules/pagos/pagos.routes.js";
import { productosRoutes } from "./modules/pagos/productos.routes.js";
import { manifestRoutes } from "./modules/push/manifest.routes.js";
import { pushRoutes } from "./modules/push/push.routes.js";
import { remesasRoutes } from "./modules/remesas/remesas.routes.js";
import { saludRoutes } from "./modules/salud/salud.routes.js";
import { ImagenesSocio } from "./modules/socios/socios.imagenes.js";
import { SociosRepository } from "./modules/socios/socios.repository.js";
import { sociosRoutes } from "./modules/socios/socios.routes.js";
import { SociosService } from "./modules/socios/socios.service.js";
import { sociosIoRoutes } from "./modules/socios-io/socios-io.routes.js";
import { usuariosRoutes } from "./modules/usuarios/usuarios.routes.js";
import { cierreRoutes } from "./modules/utilidades/cierre.routes.js";
import { olvidoRoutes } from "./modules/utilidades/olvido.routes.js";
import { registrosRoutes } from "./modules/utilidades/registros.routes.js";
import { authPlugin } from "./plugins/auth.js";
import { cabecerasSeguridadPlugin, hashesDeScriptsEnLinea } from "./plugins/cabeceras-seguridad.js";
import { errorsPlugin } from "./plugins/errors.js";
import { peticionesEnCursoPlugin } from "./plugins/peticiones-en-curso.js";
import { respuestasErrorPlugin } from "./plugins/respuestas-error.js";
import { crearSerializerCompiler } from "./plugins/serializacion.js";
import { validatorCompiler } from "./plugins/validacion.js";
import { versionApiPlugin } from "./plugins/version-api.js";
import { MailService } from "./services/mail.js";
import { PushService } from "./services/push.js";

const UNA_HORA_MS = 60 * 60 * 1000;
/** How long closing waits for requests still being worked on before closing the database. */
const ESPERA_CIERRE_MS = 10_000;

// Validation messages of zod in Spanish.
z.config(z.locales.es());

export type AppDeps = {
  config: Config;
  db: Database;
  /** The installation key (server.ts loads it with cargarClaveInstalacion). */
  clave: ClaveInstalacion;
  logger?: boolean | object;
  /** Tests only: the network between the API and the OpenID provider. */
  oidcFetch?: OpcionesOidc["fetchPersonalizado"];
};

export type Servicios = {
  mail: MailService;
  eventos: EventosService;
  auth: AuthService;
  push: PushService;
  alertas: AlertasService;
  analitica: AnaliticaService;
  anuncios: AnunciosService;
};

declare module "fastify" {
  interface FastifyInstance {
    servicios: Servicios;
  }
}

function leerVersionWeb(webDist: string | null): string {
  const fichero = webDist ? path.join(webDist, "assets", "config.json") : null;
  if (fichero && existsSync(fichero)) {
    try {
      return String(JSON.parse(readFileSync(fichero, "utf8")).version);
    } catch {
      // A broken config.json falls back to the package version.
    }
  }
  return VERSION_APP;
}

/** Fastify's typings lack the number of hops that it accepts; the same rule as a function. */
function opcionTrustProxy(
  confianza: ConfianzaProxy,
): boolean | string[] | ((direccion: string, salto: number) => boolean) {
  if (typeof confianza !== "number") return confianza;
  return (_direccion, salto) => salto < confianza;
}

export async function buildApp({
  config,
  db,
  clave,
  logger,
  oidcFetch,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: opcionTrustProxy(config.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    crearSerializerCompiler({ comprobar: process.env.NODE_ENV === "test" }),
  );

  const mail = new MailService(db, app.log, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const eventos = new EventosService(db, app.log);
  const authRepo = new AuthRepository(db);
  const totp = new TotpService(new TotpRepository(db), authRepo, mail, clave);
  const auth = new AuthService(authRepo, mail, config.publicUrl, totp);
  const push = new PushService(db, app.log, {
    publicKey: config.vapidPublicKey,
    privateKey: config.vapidPrivateKey,
    subject: config.vapidSubject,
  });
  const alertas = new AlertasService(new AlertasRepository(db), {
    eventos,
    push,
    mail,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const analitica = new AnaliticaService(new AnaliticaRepository(db), app.log);
  // Analytics upkeep (closing past days, deleting counts older than 13 months): at start, then hourly.
  app.addHook("onReady", async () => analitica.iniciar());
  const anuncios = new AnunciosService(new AnunciosRepository(db), {
    dataDir: config.dataDir,
    dias: config.anunciosDias ?? ANUNCIO_DIAS_VIGENCIA,
    avisar: async (idSocio, aviso, marcar) =>
      (await alertas.crearSi(
        null,
        { ...aviso, imagen: "", email: false, destino: { idsSocio: [idSocio] } },
        marcar,
      )) !== null,
  });
  app.decorate("servicios", { mail, eventos, auth, push, alertas, analitica, anuncios });
  if (config.pushWorker) app.addHook("onReady", async () => push.iniciar());
  // The background tasks run with the push worker (tests turn both off and drive them).
  let temporizadorAnuncios: NodeJS.Timeout | null = null;
  if (config.pushWorker) {
    const avisar = () =>
      anuncios
        .avisarCaducidades()
        .catch((err) => app.log.error({ err }, "avisos de anuncios que caducan"));
    app.addHook("onReady", async () => {
      void avisar();
      temporizadorAnuncios = setInterval(avisar, UNA_HORA_MS);
      temporizadorAnuncios.unref();
    });
  }
  // Open event streams would keep the server from closing: end them before it closes.
  app.addHook("preClose", async () => eventos.cerrarTodo());
  app.addHook("onClose", async () => {
    if (temporizadorAnuncios) clearInterval(temporizadorAnuncios);
    await push.parar();
    await analitica.parar();
    await alertas.esperarCorreos();
    await mail.esperarEnvios();
    mail.cerrar();
  });

  // First: it counts every request from its first hook, and routes added later are followed.
  await app.register(peticionesEnCursoPlugin, { esperaMaximaMs: ESPERA_CIERRE_MS });
  // Timed only when someone can read it: without METRICS_TOKEN no request pays for the hook.
  const metricas = config.metricsToken ? new MetricasService(db, config.metricsToken) : null;
  if (metricas) {
    app.addHook("onResponse", (req, reply, hecho) => {
      metricas.observar(
        req.routeOptions.url,
        req.method,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      hecho();
    });
  }
  await app.register(cabecerasSeguridadPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...hashesDeScriptsEnLinea(config.webDist)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Installs on a plain-HTTP LAN address must still load their own scripts.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // API answers (lists, exports, OpenAPI) compressed on the fly: brotli at the plugin's quality 4
  // or gzip, from 1 KB up. The event stream (text/event-stream, hijacked) is never touched; the
  // web files come precompressed from the build and are sent as they are.
  await app.register(compress, {
    encodings: ["br", "gzip"],
    globalDecompression: false,
    customTypes: /^text\/(?!event-stream)|[+/](json|xml)(;|$)|javascript/,
  });
  await app.register(errorsPlugin);
  await app.register(respuestasErrorPlugin);
  // Before the session: a stale client is told to reload before anything else.
  await app.register(versionApiPlugin);
  await app.register(authPlugin, { db });

  await app.register(swagger, {
    openapi: {
      info: {
        title: "API de Filà",
        description: "API de gestión de la filà: socios, cuotas, actos y comunicación.",
        version: VERSION_APP,
      },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  await app.register(
    async (api) => {
      await api.register(saludRoutes, { db });
      await api.register(metricasRoutes, { metricas });
      await api.register(authRoutes, { auth });
      await api.register(totpRoutes, { totp });
      const oidc = new OidcService(new OidcRepository(db), authRepo, auth, {
        config: config.oidc,
        publicUrl: config.publicUrl,
        log: app.log,
        fetchPersonalizado: oidcFetch,
      });
      await api.register(oidcRoutes, { oidc, publicUrl: config.publicUrl });
      await api.register(eventosRoutes, { eventos });
      await api.register(alertasRoutes, { alertas });
      await api.register(analiticaRoutes, { analitica });
      await api.register(pushRoutes, {
        db,
        push,
        permitirLoopback: config.pushPermiteLoopback,
      });
      await api.register(asociacionRoutes, { db });
      await api.register(asociacionTextosRoutes, { db });
      const actosRepo = new ActosRepository(db);
      const actos = new ActosService(actosRepo, undefined, {
        // After the promotion committed: a failed notice must not undo nor fail it.
        avisarPlaza: async ({ idsSocio, ...aviso }) => {
          try {
            await alertas.crear(null, { ...aviso, imagen: "", email: true, destino: { idsSocio } });
          } catch (error) {
            app.log.error({ err: error }, "No se pudo avisar de la plaza de la lista de espera");
          }
        },
      });
      const calendario = new CalendarioService(actosRepo, config.publicUrl);
      await api.register(actosRoutes, { actos, calendario });
      await api.register(calendarioRoutes, { calendario });
      await api.register(imagenActoRoutes, {
        imagenes: new ImagenActoService(actosRepo, config.dataDir),
      });
      await api.register(restauracionRoutes, {
        restauracion: new RestauracionService(actosRepo, config.publicUrl),
      });
      await api.register(sociosRoutes, {
        socios: new SociosService(
          new SociosRepository(db),
          new ImagenesSocio(config.dataDir),
          (idSocio) => actos.inscribirSocioNuevo(idSocio),
          (trx, actor, idsActo) =>
            actos.promoverTrasBorrar(new ActosRepository(trx), actor, idsActo),
        ),
      });
      await api.register(sociosIoRoutes, {
        db,
        alImportar: (ids) => actos.inscribirSociosNuevos(ids),
      });
      await api.register(maestrosRoutes, { db });
      await api.register(productosRoutes, { db });
      await api.register(pagosRoutes, { db });
      await api.register(remesasRoutes, { db });
      await api.register(informesRoutes, { db });
      await api.register(usuariosRoutes, { db, mail, publicUrl: config.publicUrl });
      await api.register(noticiasRoutes, { db, dataDir: config.dataDir });
      await api.register(documentosRoutes, { db, dataDir: config.dataDir });
      await api.register(copiasRoutes, {
        db,
        dataDir: config.dataDir,
        clave,
        alRestaurar: () => push.olvidarClaves(),
      });
      await api.register(cierreRoutes, { db });
      await api.register(registrosRoutes, { db, mail });
      await api.register(olvidoRoutes, { db, dataDir: config.dataDir });
      await api.register(anunciosRoutes, { anuncios });
      await api.register(gallofaRoutes, { db });
    },
    { prefix: "/api" },
  );

  await app.register(manifestRoutes, { db });

  const version = leerVersionWeb(config.webDist);
  app.get("/assets/config.json", { schema: { hide: true } }, async (_req, reply) => {
    return reply
      .header("Cache-Control", "no-cache, no-store, must-revalidate")
      .header("Pragma", "no-cache")
      .header("Expires", "0")
      .send({ version });
  });

  if (config.webDist && existsSync(path.join(config.webDist, "index.html"))) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: "/",
      index: ["index.html"],
      // The build writes .br and .gz copies (scripts/comprimir-estaticos.mjs): sent as they are
      // to browsers that accept them, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders: (res, ruta) => {
        const fichero = ruta.replace(/\.(br|gz)$/, "");
        const inmutable =
          fichero.includes(`${path.sep}assets${path.sep}`) && /-[\w-]{8,}\.\w+$/.test(fichero);
        res.header("Cache-Control", inmutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  return app;
}
