import { buildApp } from "./app.js";
import { abrirBaseEmbebida } from "./bootstrap/base-embebida.js";
import { asegurarAsociacion, crearPrimerAdministrador } from "./bootstrap/bootstrap.js";
import { explicarFalloDeArranque } from "./bootstrap/fallo-arranque.js";
import { leerConfig } from "./config.js";
import { enExclusiva } from "./db/arranque-exclusivo.js";
import { tomarBloqueo } from "./db/bloqueo.js";
import { abrirBaseDeDatos, type Database } from "./db/database.js";
import { migrar } from "./db/migrar.js";
import { CUENTAS_DEMO, cargarDemo, PASSWORD_DEMO } from "./demo/seed-demo.js";
import { cargarClaveInstalacion, errorClaveDistinta } from "./lib/clave-instalacion.js";
import { ponerSecretosAlDia } from "./modules/auth/secretos.js";
import { recuperarRestauracion } from "./modules/copias/copias.cambio-archivos.js";

async function main(): Promise<void> {
  const config = leerConfig();
  const clave = cargarClaveInstalacion(config);
  // Every start, after the migrations: the data may hold secrets in clear (older data, a copy
  // restored by hand) or come from another key: then stop, unless FILA_CLAVE_NUEVA=1.
  const ponerClaveAlDia = (db: Database) =>
    ponerSecretosAlDia(
      db,
      clave,
      config.claveNueva ? undefined : () => errorClaveDistinta(config.dataDir),
    );
  const liberarBloqueo = config.databaseUrl ? () => {} : tomarBloqueo(config.dataDir);
  // DATABASE_URL wins; without it, the embedded database of BASE_EMBEBIDA under DATA_DIR. On
  // shutdown `bd.cerrar()` also stops the embedded PostgreSQL, after the last requests.
  const bd = config.databaseUrl
    ? await abrirBaseDeDatos({
        tipo: "postgres",
        url: config.databaseUrl,
        maxConexiones: config.databasePoolMax,
      })
    : await abrirBaseEmbebida(config.baseEmbebida, config.dataDir, {
        maxConexiones: config.databasePoolMax,
        porDefecto: config.baseEmbebidaPorDefecto,
        // Without its database the app cannot serve: exit non-zero, and the supervisor (systemd's
        // Restart=on-failure, deploy/fila.service) starts both again.
        alMorir: (detalle) => {
          console.error(
            `PostgreSQL embebido ha terminado (${detalle}) con Filà en marcha: Filà sale con error para que el supervisor (systemd) vuelva a arrancar los dos.`,
          );
          liberarBloqueo();
          process.exit(1);
        },
        antesDePasar: ponerClaveAlDia,
      });
  const { primer, demo, secretos, restauracion } = await enExclusiva(bd, async () => {
    await migrar(bd.db);
    await asegurarAsociacion(bd.db);
    // First: another key's data stop the start before anything else changes (docs/adr/0015).
    const secretos = await ponerClaveAlDia(bd.db);
    // Before anything reads DATA_DIR/files: the files must be those of the data.
    const restauracion = await recuperarRestauracion(bd.db, config.dataDir);
    const primer = await crearPrimerAdministrador(bd.db, {
      email: config.adminEmail,
      password: config.adminPassword,
    });
    const demo = config.demo ? await cargarDemo(bd.db, config.dataDir, config.demoTamanyo) : null;
    return { primer, demo, secretos, restauracion };
  });
  const app = await buildApp({ config, db: bd.db, clave, pglite: bd.pglite });
  if (secretos.totpPorConfigurar > 0) {
    app.log.warn(
      `Los datos tienen secretos de verificación en dos pasos cifrados con otra clave de instalación (¿otro DATA_DIR/clave o FILA_CLAVE?): ${secretos.totpPorConfigurar} cuentas tendrán que volver a configurarla al entrar.`,
    );
  }
  if (primer?.generada) {
    // Printed once, on the first start only: nobody else knows this password.
    console.log(
      [
        "",
        "==============================================================",
        " Primer administrador creado. Guarda estas credenciales:",
        `   Correo:     ${primer.email}`,
        `   Contraseña: ${primer.password}`,
        "==============================================================",
        "",
      ].join("\n"),
    );
  } else if (primer) {
    app.log.info(`Primer administrador creado: ${primer.email}`);
  }
  if (restauracion) {
    app.log.warn(
      restauracion === "completada"
        ? "Una restauración interrumpida ya había cambiado los datos: se han puesto sus archivos."
        : "Una restauración interrumpida no llegó a cambiar los datos: se ha deshecho.",
    );
  }
  if (demo) {
    app.log.info(
      demo.cargada
        ? `Filà de demostración cargada. Cuentas: ${Object.values(CUENTAS_DEMO).join(", ")} (contraseña ${PASSWORD_DEMO})`
        : "La filà de demostración ya estaba cargada.",
    );
  }

  // The shutdown copy, after the app has closed (the daily one is a task of the app).
  const copiar = () =>
    app.servicios.copias
      .copiaAutomatica()
      .catch((err) => app.log.error({ err }, "no se ha podido hacer la copia de seguridad"));

  let cerrando = false;
  const cerrar = async (senal: string) => {
    if (cerrando) return;
    cerrando = true;
    app.log.info(`Recibida ${senal}: cerrando…`);
    try {
      await app.close();
      await copiar();
      await bd.cerrar();
    } finally {
      liberarBloqueo();
    }
    process.exit(0);
  };
  process.on("SIGINT", () => void cerrar("SIGINT"));
  process.on("SIGTERM", () => void cerrar("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Filà escuchando en ${config.publicUrl}`);
}

main().catch((err) => {
  const env = process.env;
  console.error(
    explicarFalloDeArranque(err, {
      port: Number(env.PORT ?? 3000),
      host: env.HOST ?? "0.0.0.0",
      databaseUrl: env.DATABASE_URL || null,
    }),
  );
  process.exit(1);
});
