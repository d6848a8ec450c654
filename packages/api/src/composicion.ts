import { ANUNCIO_DIAS_VIGENCIA } from "@fila/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.js";
import type { Database } from "./db/database.js";
import type { ClaveInstalacion } from "./lib/clave-instalacion.js";
import { AccesosRepository } from "./modules/actos/accesos.repository.js";
import { AccesosService } from "./modules/actos/accesos.service.js";
import { ActosRepository } from "./modules/actos/actos.repository.js";
import { ActosService } from "./modules/actos/actos.service.js";
import { CalendarioService } from "./modules/actos/calendario.service.js";
import { ImagenActoService } from "./modules/actos/imagen-acto.service.js";
import { InscripcionesRepository } from "./modules/actos/inscripciones.repository.js";
import { InscripcionesService } from "./modules/actos/inscripciones.service.js";
import { MesasRepository, MesasService } from "./modules/actos/mesas.service.js";
import { registrarTrabajosPlazos } from "./modules/actos/plazos.trabajos.js";
import { RestauracionService } from "./modules/actos/restauracion.service.js";
import { AlertasRepository } from "./modules/alertas/alertas.repository.js";
import { AlertasService } from "./modules/alertas/alertas.service.js";
import { AnaliticaRepository } from "./modules/analitica/analitica.repository.js";
import { AnaliticaService } from "./modules/analitica/analitica.service.js";
import { AntiguedadRepository } from "./modules/antiguedad/antiguedad.repository.js";
import { AntiguedadService } from "./modules/antiguedad/antiguedad.service.js";
import { AnunciosRepository } from "./modules/anuncios/anuncios.repository.js";
import { AnunciosService } from "./modules/anuncios/anuncios.service.js";
import { AsambleasRepository } from "./modules/asambleas/asambleas.repository.js";
import { AsambleasService } from "./modules/asambleas/asambleas.service.js";
import { AsociacionRepository } from "./modules/asociacion/asociacion.repository.js";
import { AsociacionService } from "./modules/asociacion/asociacion.service.js";
import { TextosAsociacionService } from "./modules/asociacion/asociacion-textos.service.js";
import { AuthRepository } from "./modules/auth/auth.repository.js";
import { AuthService, LIMITES_LOGIN } from "./modules/auth/auth.service.js";
import { LimiteIntentos } from "./modules/auth/limite-intentos.js";
import { OidcRepository } from "./modules/auth/oidc.repository.js";
import { OidcService, type OpcionesOidc } from "./modules/auth/oidc.service.js";
import { ponerSecretosAlDia } from "./modules/auth/secretos.js";
import { TotpRepository } from "./modules/auth/totp.repository.js";
import { TotpService, VENTANA_INTENTOS_MS } from "./modules/auth/totp.service.js";
import { CarnetRepository } from "./modules/carnet/carnet.repository.js";
import { CarnetService } from "./modules/carnet/carnet.service.js";
import { CopiasRepository } from "./modules/copias/copias.repository.js";
import { CopiasService } from "./modules/copias/copias.service.js";
import { DocumentosRepository } from "./modules/documentos/documentos.repository.js";
import { DocumentosService } from "./modules/documentos/documentos.service.js";
import { EnviosRepository } from "./modules/envios/envios.repository.js";
import { EnviosService } from "./modules/envios/envios.service.js";
import { registrarTrabajoEnvios, trabajoEnvio } from "./modules/envios/envios.trabajos.js";
import { EstructuraRepository } from "./modules/estructura/estructura.repository.js";
import { EstructuraService } from "./modules/estructura/estructura.service.js";
import { EventosService } from "./modules/eventos/eventos.service.js";
import { FederacionRepository } from "./modules/federacion/federacion.repository.js";
import { FederacionService } from "./modules/federacion/federacion.service.js";
import { GallofaRepository } from "./modules/gallofa/gallofa.repository.js";
import { GallofaService } from "./modules/gallofa/gallofa.service.js";
import { InformesRepository } from "./modules/informes/informes.repository.js";
import { InformesService } from "./modules/informes/informes.service.js";
import { InformesConsultasRepository } from "./modules/informes/informes-consultas.repository.js";
import { InformesTablasService } from "./modules/informes/informes-tablas.service.js";
import { LoteriasRepository } from "./modules/loterias/loterias.repository.js";
import { LoteriasService, type OyentesLoteria } from "./modules/loterias/loterias.service.js";
import { registrarTrabajosLoterias } from "./modules/loterias/loterias.trabajos.js";
import { MAESTROS } from "./modules/maestros/maestros.config.js";
import { MaestrosRepository } from "./modules/maestros/maestros.repository.js";
import { MaestrosService } from "./modules/maestros/maestros.service.js";
import { MetricasService } from "./modules/metricas/metricas.service.js";
import { NoticiasRepository } from "./modules/noticias/noticias.repository.js";
import { NoticiasService } from "./modules/noticias/noticias.service.js";
import { PagoOnlineRepository } from "./modules/pagos/pago-online.repository.js";
import { PagoOnlineService } from "./modules/pagos/pago-online.service.js";
import { PagosRepository } from "./modules/pagos/pagos.repository.js";
import { PagosService } from "./modules/pagos/pagos.service.js";
import { registrarTrabajosPagos } from "./modules/pagos/pagos.trabajos.js";
import { ProductosRepository } from "./modules/pagos/productos.repository.js";
import { ProductosService } from "./modules/pagos/productos.service.js";
import { PushRepository } from "./modules/push/push.repository.js";
import { RemesasRepository } from "./modules/remesas/remesas.repository.js";
import { RemesasService } from "./modules/remesas/remesas.service.js";
import { registrarTrabajosRemesas } from "./modules/remesas/remesas.trabajos.js";
import { SaludRepository } from "./modules/salud/salud.repository.js";
import { ImagenesSocio } from "./modules/socios/socios.imagenes.js";
import { SociosRepository } from "./modules/socios/socios.repository.js";
import { SociosService } from "./modules/socios/socios.service.js";
import { SociosIoRepository } from "./modules/socios-io/socios-io.repository.js";
import { SociosIoService } from "./modules/socios-io/socios-io.service.js";
import { ExtractosRepository } from "./modules/tesoreria/extractos.repository.js";
import { ExtractosService } from "./modules/tesoreria/extractos.service.js";
import { oyenteTesoreriaDeLoteria } from "./modules/tesoreria/tesoreria.automaticos.js";
import { TesoreriaRepository } from "./modules/tesoreria/tesoreria.repository.js";
import { TesoreriaService } from "./modules/tesoreria/tesoreria.service.js";
import { UsuariosRepository } from "./modules/usuarios/usuarios.repository.js";
import { UsuariosService } from "./modules/usuarios/usuarios.service.js";
import { CierreRepository } from "./modules/utilidades/cierre.repository.js";
import { CierreService } from "./modules/utilidades/cierre.service.js";
import { OlvidoRepository } from "./modules/utilidades/olvido.repository.js";
import { OlvidoService } from "./modules/utilidades/olvido.service.js";
import { RegistrosRepository } from "./modules/utilidades/registros.repository.js";
import { RegistrosService } from "./modules/utilidades/registros.service.js";
import { type OpcionesTrabajos, Trabajos } from "./plugins/trabajos.js";
import { MailService } from "./services/mail.js";
import { PushService } from "./services/push.js";

export type DependenciasComposicion = {
  config: Config;
  db: Database;
  /** The installation key (lib/clave-instalacion.ts): TOTP secrets and recovery codes. */
  clave: ClaveInstalacion;
  log: FastifyBaseLogger;
  /** Tests only: the network between the API and the OpenID provider. */
  oidcFetch?: OpcionesOidc["fetchPersonalizado"];
  /** Tests only: a short lease, a fixed instance name. */
  trabajos?: OpcionesTrabajos;
  /** What other modules hook on the lottery (the treasury: the prizes paid out). */
  oyentesLoteria?: OyentesLoteria;
};

/**
 * The composition root: every service of the API, built once from the database, the
 * configuration and the log. Route plugins receive the services they use as options and never
 * build one; background work is registered with the `tareas` plugin (app.ts).
 */
export function componerServicios({
  config,
  db,
  clave,
  log,
  oidcFetch,
  trabajos: opcionesTrabajos,
  oyentesLoteria,
}: DependenciasComposicion) {
  // The one job runner (ADR 0020): modules register their kinds of job on it.
  const trabajos = new Trabajos(db, log, opcionesTrabajos);
  registrarTrabajosPagos(trabajos);
  registrarTrabajosRemesas(trabajos);
  registrarTrabajosLoterias(trabajos);
  const mail = new MailService(db, log, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const eventos = new EventosService(db, log);
  const authRepo = new AuthRepository(db);
  const totp = new TotpService(
    new TotpRepository(db),
    authRepo,
    mail,
    clave,
    new LimiteIntentos(authRepo, VENTANA_INTENTOS_MS),
    config.publicUrl,
  );
  const auth = new AuthService(
    authRepo,
    mail,
    config.publicUrl,
    totp,
    new LimiteIntentos(authRepo, LIMITES_LOGIN.ventanaMs),
  );
  const oidc = new OidcService(new OidcRepository(db), authRepo, auth, {
    config: config.oidc,
    publicUrl: config.publicUrl,
    log,
    fetchPersonalizado: oidcFetch,
  });
  const push = new PushService(db, log, {
    publicKey: config.vapidPublicKey,
    privateKey: config.vapidPrivateKey,
    subject: config.vapidSubject,
  });
  const alertas = new AlertasService(new AlertasRepository(db), {
    eventos,
    push,
    mail,
    publicUrl: config.publicUrl,
    log,
  });
  const analitica = new AnaliticaService(new AnaliticaRepository(db));
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
  const actosRepo = new ActosRepository(db);
  const inscripciones = new InscripcionesService(new InscripcionesRepository(db), undefined, {
    // After the promotion committed: a failed notice must not undo nor fail it.
    avisarPlaza: async ({ idsSocio, ...aviso }) => {
      try {
        await alertas.crear(null, { ...aviso, imagen: "", email: true, destino: { idsSocio } });
      } catch (error) {
        log.error({ err: error }, "No se pudo avisar de la plaza de la lista de espera");
      }
    },
  });
  // Payment deadlines of enrolments (issue 50): lapsed by a job, once.
  registrarTrabajosPlazos(trabajos, inscripciones);
  const actos = new ActosService(actosRepo, inscripciones, undefined, {
    avisarJunta: async (aviso) => {
      try {
        await alertas.crear(null, {
          ...aviso,
          imagen: "",
          enlace: "/pagos",
          email: true,
          destino: { rol: "administrador" },
        });
      } catch (error) {
        log.error({ err: error }, "No se pudo avisar a la junta de las devoluciones del acto");
      }
    },
  });
  // Mailings (issue 36): one job per mailing, paced by ENVIOS_POR_MINUTO (default 60).
  const envios = new EnviosService(
    new EnviosRepository(db),
    clave,
    mail,
    config.publicUrl,
    trabajoEnvio(trabajos),
  );
  registrarTrabajoEnvios(trabajos, envios, Number(process.env.ENVIOS_POR_MINUTO ?? 60) || 60);
  const asociacionRepo = new AsociacionRepository(db);
  const tesoreriaLoteria = oyenteTesoreriaDeLoteria();
  const carnet = new CarnetService(new CarnetRepository(db), clave);
  const imagenesSocio = new ImagenesSocio(config.dataDir);

  return {
    trabajos,
    mail,
    envios,
    eventos,
    auth,
    totp,
    oidc,
    push,
    pushRepo: new PushRepository(db),
    alertas,
    analitica,
    anuncios,
    salud: new SaludRepository(db),
    // Only with METRICS_TOKEN: without it /api/metricas does not exist and no request is timed.
    metricas: config.metricsToken ? new MetricasService(db, config.metricsToken) : null,
    asociacion: new AsociacionService(asociacionRepo),
    textosAsociacion: new TextosAsociacionService(asociacionRepo),
    actos,
    inscripciones,
    mesas: new MesasService(new MesasRepository(db)),
    carnet,
    accesos: new AccesosService(new AccesosRepository(db), (codigo) => carnet.socioDe(codigo)),
    calendario: new CalendarioService(actosRepo, config.publicUrl),
    imagenesActo: new ImagenActoService(actosRepo, config.dataDir),
    restauracion: new RestauracionService(actosRepo, config.publicUrl),
    socios: new SociosService(
      new SociosRepository(db),
      imagenesSocio,
      (idSocio) => inscripciones.inscribirSocioNuevo(idSocio),
      // The deleted member's events move their wait-lists up in the same transaction.
      (trx, actor, idsActo) => inscripciones.promoverEn(new ActosRepository(trx), actor, idsActo),
    ),
    sociosIo: new SociosIoService(new SociosIoRepository(db), (ids) =>
      inscripciones.inscribirSociosNuevos(ids),
    ),
    maestros: Object.values(MAESTROS).map((cfg) => ({
      cfg,
      servicio: new MaestrosService(new MaestrosRepository(db, cfg), cfg),
    })),
    productos: new ProductosService(new ProductosRepository(db)),
    pagos: new PagosService(new PagosRepository(db)),
    // Online payment (Redsys): off without REDSYS_*; its receipts and «pago duplicado» alerts.
    pagoOnline: new PagoOnlineService(new PagoOnlineRepository(db), {
      config: config.redsys ?? null,
      publicUrl: config.publicUrl,
      pagos: new PagosRepository(db),
      mail,
      alertas,
      log,
    }),
    remesas: new RemesasService(new RemesasRepository(db)),
    informes: new InformesService(new InformesRepository(db), actosRepo, new AlertasRepository(db)),
    informesTablas: new InformesTablasService(new InformesConsultasRepository(db)),
    usuarios: new UsuariosService(new UsuariosRepository(db), mail, config.publicUrl),
    noticias: new NoticiasService(new NoticiasRepository(db), config.dataDir),
    documentos: new DocumentosService(new DocumentosRepository(db), config.dataDir),
    copias: new CopiasService(
      new CopiasRepository(db),
      config.dataDir,
      () => push.olvidarClaves(),
      clave.huella,
    ),
    /** After a restore: the restored secrets put in order with this installation's key. */
    secretos: { alDia: () => ponerSecretosAlDia(db, clave) },
    /** The sign-in and TOTP limits' rows whose window is over, for the hourly clean-up. */
    limitesIntento: {
      olvidarCaducados: () =>
        authRepo.borrarIntentosCaducados(Math.max(LIMITES_LOGIN.ventanaMs, VENTANA_INTENTOS_MS)),
    },
    cierre: new CierreService(new CierreRepository(db)),
    registros: new RegistrosService(new RegistrosRepository(db), mail),
    olvido: new OlvidoService(new OlvidoRepository(db), imagenesSocio),
    gallofa: new GallofaService(new GallofaRepository(db)),
    // The Christmas lottery (issue 46): codes signed with the installation key, buyers mailed.
    loterias: new LoteriasService(new LoteriasRepository(db), {
      clave,
      mail,
      publicUrl: config.publicUrl,
      // The treasury always hears of a prize paid out; a test may listen too.
      oyentes: {
        alPagarPremio: async (premio, trx) => {
          await tesoreriaLoteria.alPagarPremio(premio, trx);
          await oyentesLoteria?.alPagarPremio?.(premio, trx);
        },
      },
    }),
    tesoreria: new TesoreriaService(new TesoreriaRepository(db), config.dataDir),
    // The general assembly (issue 48): its call is a statutory mailing, its door the card.
    asambleas: new AsambleasService(new AsambleasRepository(db), {
      envios,
      alertas,
      eventos,
      socioDeCarnet: (codigo) => carnet.socioDe(codigo),
    }),
    // The bank's statement reconciled with the book, and the category rules (issue 47).
    extractosTesoreria: new ExtractosService(new ExtractosRepository(db)),
    // Seniority's periods and awards; the federation's census (issue 49, second half).
    antiguedad: new AntiguedadService(new AntiguedadRepository(db)),
    federacion: new FederacionService(new FederacionRepository(db)),
    // Groups, escuadras and cargos (issue 49).
    estructura: new EstructuraService(new EstructuraRepository(db)),
  };
}

export type Servicios = ReturnType<typeof componerServicios>;
