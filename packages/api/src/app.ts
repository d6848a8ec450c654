import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  type FastifyPluginAsyncZod,
  jsonSchemaTransform,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { z } from "zod";
import { componerServicios, type Servicios } from "./composicion.js";
import {
  AVISO_REDSYS_EN_PRUEBAS,
  type ConfianzaProxy,
  type Config,
  VERSION_APP,
} from "./config.js";
import type { Database } from "./db/database.js";
import { registrarTareasPglite } from "./db/tareas-pglite.js";
import { erroresZodEn } from "./errors/zod-idioma.js";
import { contarConexiones } from "./lib/al-asentarse.js";
import type { ClaveInstalacion } from "./lib/clave-instalacion.js";
import { conNuloEnEnumsNulables } from "./lib/enums-nulables.js";
import { accesosRoutes } from "./modules/actos/accesos.routes.js";
import { actosRoutes } from "./modules/actos/actos.routes.js";
import { calendarioRoutes } from "./modules/actos/calendario.routes.js";
import { imagenActoRoutes } from "./modules/actos/imagen-acto.routes.js";
import { inscripcionesRoutes } from "./modules/actos/inscripciones.routes.js";
import { mesasRoutes } from "./modules/actos/mesas.routes.js";
import { lanzarPlazos } from "./modules/actos/plazos.trabajos.js";
import { restauracionRoutes } from "./modules/actos/restauracion.routes.js";
import { alertasRoutes } from "./modules/alertas/alertas.routes.js";
import { analiticaRoutes } from "./modules/analitica/analitica.routes.js";
import { antiguedadRoutes } from "./modules/antiguedad/antiguedad.routes.js";
import { anunciosRoutes } from "./modules/anuncios/anuncios.routes.js";
import { asambleasRoutes } from "./modules/asambleas/asambleas.routes.js";
import { asociacionRoutes } from "./modules/asociacion/asociacion.routes.js";
import { asociacionTextosRoutes } from "./modules/asociacion/asociacion-textos.routes.js";
import { authRoutes } from "./modules/auth/auth.routes.js";
import { oidcRoutes } from "./modules/auth/oidc.routes.js";
import type { OpcionesOidc } from "./modules/auth/oidc.service.js";
import { totpRoutes } from "./modules/auth/totp.routes.js";
import { carnetRoutes } from "./modules/carnet/carnet.routes.js";
import { copiasRoutes } from "./modules/copias/copias.routes.js";
import { documentosRoutes } from "./modules/documentos/documentos.routes.js";
import { enviosRoutes } from "./modules/envios/envios.routes.js";
import { estructuraRoutes } from "./modules/estructura/estructura.routes.js";
import { eventosRoutes } from "./modules/eventos/eventos.routes.js";
import { federacionRoutes } from "./modules/federacion/federacion.routes.js";
import { gallofaRoutes } from "./modules/gallofa/gallofa.routes.js";
import { informesRoutes } from "./modules/informes/informes.routes.js";
import { loteriasRoutes } from "./modules/loterias/loterias.routes.js";
import { lanzarLiquidaciones } from "./modules/loterias/loterias.trabajos.js";
import { maestrosRoutes } from "./modules/maestros/maestros.routes.js";
import { metricasRoutes } from "./modules/metricas/metricas.routes.js";
import { noticiasRoutes } from "./modules/noticias/noticias.routes.js";
import { pagoOnlineRoutes } from "./modules/pagos/pago-online.routes.js";
import { pagosRoutes } from "./modules/pagos/pagos.routes.js";
import { TRABAJO_EMITIR } from "./modules/pagos/pagos.trabajos.js";
import { productosRoutes } from "./modules/pagos/productos.routes.js";
import { manifestRoutes } from "./modules/push/manifest.routes.js";
import { pushRoutes } from "./modules/push/push.routes.js";
import { remesasRoutes } from "./modules/remesas/remesas.routes.js";
import { TRABAJO_COBRAR_REMESA } from "./modules/remesas/remesas.trabajos.js";
import { saludRoutes } from "./modules/salud/salud.routes.js";
import { sociosRoutes } from "./modules/socios/socios.routes.js";
import { sociosIoRoutes } from "./modules/socios-io/socios-io.routes.js";
import { extractosRoutes } from "./modules/tesoreria/extractos.routes.js";
import { tesoreriaRoutes } from "./modules/tesoreria/tesoreria.routes.js";
import { trabajosRoutes } from "./modules/trabajos/trabajos.routes.js";
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
import { tareasPlugin } from "./plugins/tareas.js";
import type { OpcionesTrabajos } from "./plugins/trabajos.js";
import { validatorCompiler } from "./plugins/validacion.js";
import { versionApiPlugin } from "./plugins/version-api.js";

const UNA_HORA_MS = 60 * 60 * 1000;
const UN_DIA_MS = 24 * UNA_HORA_MS;
/** How often the jobs whose lease expired are looked for (a lease lasts 60 s). */
const TRABAJOS_CORTADOS_MS = 15_000;
/** How often the enrolments' payment deadlines are reviewed (issue 50). */
const PLAZOS_CADA_MS = 60_000;
/** How often the push worker looks at its queue. */
const COLA_PUSH_MS = 2000;
/** How long closing waits for requests still being worked on before closing the database. */
const ESPERA_CIERRE_MS = 10_000;
/** The task that folds the summaries the triggers on `pago`, `socio` and the alerts keep. */
export const TAREA_COMPACTAR_RESUMEN = "compactación del resumen de cargos";

// Validation messages of zod in Spanish («Falta este dato» for a field left out).
z.config({ localeError: erroresZodEn("es") });

export type AppDeps = {
  config: Config;
  db: Database;
  /** The installation key (server.ts loads it with cargarClaveInstalacion). */
  clave: ClaveInstalacion;
  logger?: boolean | object;
  /** The embedded database, when it is the one in use: its tables' upkeep runs as a task. */
  pglite?: PGlite | null;
  /** Tests only: the network between the API and the OpenID provider. */
  oidcFetch?: OpcionesOidc["fetchPersonalizado"];
  /** Tests only: the job runner's lease and instance name. */
  trabajos?: OpcionesTrabajos;
};

export type { Servicios };

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
  pglite,
  oidcFetch,
  trabajos: opcionesTrabajos,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: opcionTrustProxy(config.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  // Batched reads and writes wait while a burst of new connections is being accepted (ADR 0029).
  contarConexiones(app.server);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    crearSerializerCompiler({ comprobar: process.env.NODE_ENV === "test" }),
  );

  const servicios = componerServicios({
    config,
    db,
    clave,
    log: app.log,
    oidcFetch,
    trabajos: opcionesTrabajos,
  });
  app.decorate("servicios", servicios);
  if (servicios.pagoOnline.modoPrueba) app.log.warn(AVISO_REDSYS_EN_PRUEBAS);
  const { mail, eventos, push, alertas, analitica, anuncios, copias, metricas, trabajos } =
    servicios;

  // Open event streams would keep the server from closing: end them before it closes.
  app.addHook("preClose", async () => eventos.cerrarTodo());
  // Added before the tasks plugin, so it runs after every task has stopped (onClose is LIFO).
  app.addHook("onClose", async () => {
    await alertas.esperarCorreos();
    await mail.esperarEnvios();
    mail.cerrar();
  });
  await app.register(tareasPlugin, { log: app.log });
  app.tareas.registrar({
    nombre: "mantenimiento de la analítica",
    cadaMs: UNA_HORA_MS,
    alArrancar: true,
    ejecutar: () => analitica.mantener(),
  });
  // The push worker and the ads' reminders run where the config says (tests turn them off and
  // drive them by hand).
  if (config.pushWorker) {
    app.tareas.registrar({
      nombre: "cola de push",
      cadaMs: COLA_PUSH_MS,
      ejecutar: () => push.procesarCola(),
      iniciar: () => push.iniciar(),
      parar: () => push.parar(),
    });
    app.tareas.registrar({
      nombre: "avisos de anuncios que caducan",
      cadaMs: UNA_HORA_MS,
      alArrancar: true,
      ejecutar: () => anuncios.avisarCaducidades(),
    });
  }
  app.tareas.registrar({
    nombre: "limpieza de los límites de intentos",
    cadaMs: UNA_HORA_MS,
    ejecutar: () => servicios.limitesIntento.olvidarCaducados(),
  });
  // What the board's home reads of the charges (migration 0045): each write adds rows, folded here.
  app.tareas.registrar({
    nombre: TAREA_COMPACTAR_RESUMEN,
    cadaMs: UNA_HORA_MS,
    alArrancar: true,
    ejecutar: () => servicios.informes.compactarResumen(),
  });
  // …and at once after the two writes of thousands of charges (an emission, a remittance
  // collected): till folded, the debts report merges every unfolded row (migration 0052).
  trabajos.alTerminar([TRABAJO_EMITIR, TRABAJO_COBRAR_REMESA], () =>
    app.tareas.pedir(TAREA_COMPACTAR_RESUMEN),
  );
  // The automatic copy, in the format the page restores, on either database (docs/COPIAS.md); the
  // one at shutdown is server.ts's.
  app.tareas.registrar({
    nombre: "copia de seguridad diaria",
    cadaMs: UN_DIA_MS,
    ejecutar: () => copias.copiaAutomatica(),
  });
  // Background jobs (ADR 0020): the ones cut by a restart of any instance are taken up again or
  // failed; at shutdown, the ones running here stop at their next step or are waited for.
  app.tareas.registrar({
    nombre: "trabajos cortados",
    cadaMs: TRABAJOS_CORTADOS_MS,
    alArrancar: true,
    // Then a mailing `en_curso` whose job's row was lost (before issue 45): its job again.
    ejecutar: async () => {
      await trabajos.recuperar();
      await servicios.envios.reanudarSinTrabajo();
    },
    parar: () => trabajos.parar(),
  });
  // The lotteries whose deadline has passed: their unsettled talonarios settled by a job, once.
  app.tareas.registrar({
    nombre: "liquidación de loterías vencidas",
    cadaMs: UNA_HORA_MS,
    alArrancar: true,
    ejecutar: () => lanzarLiquidaciones(trabajos, () => servicios.loterias.porLiquidar()),
  });
  // Enrolments not paid in time lose their place (issue 50): a job reviews the deadlines due.
  app.tareas.registrar({
    nombre: "plazos de pago de las inscripciones",
    cadaMs: PLAZOS_CADA_MS,
    alArrancar: true,
    ejecutar: () => lanzarPlazos(trabajos, servicios.inscripciones),
  });
  if (pglite) registrarTareasPglite(app.tareas, { db, log: app.log });

  // First: it counts every request from its first hook, and routes added later are followed.
  await app.register(peticionesEnCursoPlugin, { esperaMaximaMs: ESPERA_CIERRE_MS });
  // Timed only when someone can read it: without METRICS_TOKEN no request pays for the hook.
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
        // The payment form goes to the bank's POS (Redsys) only when one is configured.
        formAction: ["'self'", ...(config.redsys ? [new URL(config.redsys.url).origin] : [])],
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
    transformObject: (documento) =>
      conNuloEnEnumsNulables("openapiObject" in documento ? documento.openapiObject : {}),
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  await app.register(
    async (api) => {
      await api.register(oidcRoutes, { oidc: servicios.oidc, publicUrl: config.publicUrl });
      await api.register(pushRoutes, {
        repo: servicios.pushRepo,
        push,
        permitirLoopback: config.pushPermiteLoopback,
      });
      // Every other plugin takes from the services the ones it names in its options.
      const rutas: FastifyPluginAsyncZod<Servicios>[] = [
        saludRoutes,
        metricasRoutes,
        authRoutes,
        totpRoutes,
        eventosRoutes,
        alertasRoutes,
        analiticaRoutes,
        asociacionRoutes,
        asociacionTextosRoutes,
        actosRoutes,
        inscripcionesRoutes,
        mesasRoutes,
        accesosRoutes,
        calendarioRoutes,
        imagenActoRoutes,
        restauracionRoutes,
        sociosRoutes,
        carnetRoutes,
        sociosIoRoutes,
        maestrosRoutes,
        productosRoutes,
        pagosRoutes,
        pagoOnlineRoutes,
        remesasRoutes,
        informesRoutes,
        usuariosRoutes,
        noticiasRoutes,
        documentosRoutes,
        copiasRoutes,
        cierreRoutes,
        registrosRoutes,
        olvidoRoutes,
        anunciosRoutes,
        gallofaRoutes,
        tesoreriaRoutes,
        extractosRoutes,
        trabajosRoutes,
        enviosRoutes,
        loteriasRoutes,
        antiguedadRoutes,
        federacionRoutes,
        estructuraRoutes,
        asambleasRoutes,
      ];
      for (const plugin of rutas) await api.register(plugin, servicios);
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
