import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { z } from "zod";
import { type Config, VERSION_APP } from "./config.js";
import type { Database } from "./db/database.js";
import { asociacionRoutes } from "./modules/asociacion/asociacion.routes.js";
import { AuthRepository } from "./modules/auth/auth.repository.js";
import { authRoutes } from "./modules/auth/auth.routes.js";
import { AuthService } from "./modules/auth/auth.service.js";
import { eventosRoutes } from "./modules/eventos/eventos.routes.js";
import { EventosService } from "./modules/eventos/eventos.service.js";
import { maestrosRoutes } from "./modules/maestros/maestros.routes.js";
import { ImagenesSocio } from "./modules/socios/socios.imagenes.js";
import { SociosRepository } from "./modules/socios/socios.repository.js";
import { sociosRoutes } from "./modules/socios/socios.routes.js";
import { SociosService } from "./modules/socios/socios.service.js";
import { sociosIoRoutes } from "./modules/socios-io/socios-io.routes.js";
import { usuariosRoutes } from "./modules/usuarios/usuarios.routes.js";
import { authPlugin } from "./plugins/auth.js";
import { errorsPlugin } from "./plugins/errors.js";
import { MailService } from "./services/mail.js";

// Validation messages of zod in Spanish.
z.config(z.locales.es());

export type AppDeps = {
  config: Config;
  db: Database;
  logger?: boolean | object;
};

export type Servicios = {
  mail: MailService;
  eventos: EventosService;
  auth: AuthService;
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

export async function buildApp({ config, db, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mail = new MailService(db, app.log, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const eventos = new EventosService(db, app.log);
  const auth = new AuthService(new AuthRepository(db), mail, config.publicUrl);
  app.decorate("servicios", { mail, eventos, auth });
  // Open event streams would keep the server from closing: end them before it closes.
  app.addHook("preClose", async () => eventos.cerrarTodo());
  app.addHook("onClose", async () => {
    await mail.esperarEnvios();
    mail.cerrar();
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  await app.register(errorsPlugin);
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
      await api.register(authRoutes, { auth });
      await api.register(eventosRoutes, { eventos });
      await api.register(asociacionRoutes, { db });
      await api.register(sociosRoutes, {
        socios: new SociosService(new SociosRepository(db), new ImagenesSocio(config.dataDir)),
      });
      await api.register(sociosIoRoutes, { db });
      await api.register(maestrosRoutes, { db });
      await api.register(usuariosRoutes, { db, mail, publicUrl: config.publicUrl });
    },
    { prefix: "/api" },
  );

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
      setHeaders: (res, ruta) => {
        const inmutable =
          ruta.includes(`${path.sep}assets${path.sep}`) && /-[\w-]{8,}\.\w+$/.test(ruta);
        res.header("Cache-Control", inmutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  return app;
}
