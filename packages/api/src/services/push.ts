import { INTENTOS_MAXIMOS_PUSH, retrasoReintento } from "@fila/domain";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import webpush from "web-push";
import type { Database } from "../db/database.js";

export type ClavesVapid = { publicKey: string; privateKey: string; subject: string };

export type OpcionesPush = {
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; when unset, a pair is generated once and kept in the database. */
  publicKey: string | null;
  privateKey: string | null;
  subject: string;
  /** Seconds the push service keeps an undelivered message. */
  ttl?: number;
  timeoutMs?: number;
  lote?: number;
};

export type ResultadoCola = {
  enviados: number;
  reintentos: number;
  fallidos: number;
  borradas: number;
};

type Envio = {
  id: number;
  intentos: number;
  payload: string;
  idSuscripcion: number;
  endpoint: string;
  p256dh: string;
  auth: string;
};

const NOMBRE_CLAVE = "vapid";
/** A claimed delivery not settled within this time (crash, hung request) becomes due again. */
const ARRIENDO_MS = 5 * 60 * 1000;
const CONCURRENCIA = 8;

/**
 * Web Push deliveries. Alerts enqueue rows in `push_envio`; a worker inside every API instance
 * claims due rows (SKIP LOCKED, so instances never send the same row), sends them signed with
 * VAPID, and retries failures with backoff (SPEC §9: 1000 ms × 2^n, at most 4 h).
 *
 * The VAPID pair lives in the database (table `clave_servidor`) rather than in DATA_DIR: with
 * DATABASE_URL several instances share one database but no disk, and every one of them must
 * sign with the key the browsers subscribed with.
 */
export class PushService {
  private claves: Promise<ClavesVapid> | null = null;
  /** The worker is on (the `tareas` plugin polls the queue): new rows are sent at once. */
  private activo = false;
  private enCurso: Promise<ResultadoCola> | null = null;
  private pendienteOtraVuelta = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly opciones: OpcionesPush,
  ) {}

  clavesVapid(): Promise<ClavesVapid> {
    this.claves ??= this.cargarClaves().catch((err) => {
      this.claves = null;
      throw err;
    });
    return this.claves;
  }

  /** After a restore the database may hold another pair: read it again next time. */
  olvidarClaves(): void {
    this.claves = null;
  }

  private async cargarClaves(): Promise<ClavesVapid> {
    const { publicKey, privateKey, subject } = this.opciones;
    if (publicKey && privateKey) return { publicKey, privateKey, subject };
    const leer = () =>
      this.db
        .selectFrom("clave_servidor")
        .select("valor")
        .where("nombre", "=", NOMBRE_CLAVE)
        .executeTakeFirst();
    let fila = await leer();
    if (!fila) {
      // Two instances starting together: the first insert wins and both read the same pair.
      await this.db
        .insertInto("clave_servidor")
        .values({ nombre: NOMBRE_CLAVE, valor: JSON.stringify(webpush.generateVAPIDKeys()) })
        .onConflict((oc) => oc.column("nombre").doNothing())
        .execute();
      fila = await leer();
    }
    const valor = fila?.valor as { publicKey: string; privateKey: string };
    return { publicKey: valor.publicKey, privateKey: valor.privateKey, subject };
  }

  /** Switches the worker on; the `tareas` plugin then polls the queue with `procesarCola()`. */
  iniciar(): void {
    this.activo = true;
  }

  /** New rows were queued: process soon, without waiting for the next tick. */
  avisar(): void {
    if (!this.activo) return;
    if (this.enCurso) {
      this.pendienteOtraVuelta = true;
      return;
    }
    void this.procesarCola().catch((err) => this.log.error({ err }, "cola de push"));
  }

  async parar(): Promise<void> {
    this.activo = false;
    await this.enCurso?.catch(() => undefined);
  }

  /** Sends every due delivery (batch by batch) and settles each one. Used by the worker and tests. */
  procesarCola(): Promise<ResultadoCola> {
    if (this.enCurso) return this.enCurso;
    this.enCurso = this.vaciarCola().finally(() => {
      this.enCurso = null;
      if (this.pendienteOtraVuelta) {
        this.pendienteOtraVuelta = false;
        this.avisar();
      }
    });
    return this.enCurso;
  }

  private async vaciarCola(): Promise<ResultadoCola> {
    const total: ResultadoCola = { enviados: 0, reintentos: 0, fallidos: 0, borradas: 0 };
    for (;;) {
      const lote = await this.reclamar(this.opciones.lote ?? 100);
      if (lote.length === 0) return total;
      const claves = await this.clavesVapid();
      for (let i = 0; i < lote.length; i += CONCURRENCIA) {
        const resultados = await Promise.all(
          lote.slice(i, i + CONCURRENCIA).map((envio) => this.entregar(envio, claves)),
        );
        for (const r of resultados) total[r] += 1;
      }
    }
  }

  /**
   * Claims due rows in one short statement (a lease: their next attempt moves ahead), so no
   * transaction stays open while talking to the push services.
   */
  private async reclamar(limite: number): Promise<Envio[]> {
    const { rows } = await sql<Envio>`
      update push_envio e
         set siguiente_intento_en = now() + ${`${ARRIENDO_MS} milliseconds`}::interval
        from push_suscripcion s
       where e.id in (
               select id from push_envio
                where estado = 'pendiente' and siguiente_intento_en <= now()
                order by siguiente_intento_en, id
                limit ${limite}
                for update skip locked)
         and s.id = e.id_suscripcion
      returning e.id, e.intentos, e.payload, s.id as "idSuscripcion", s.endpoint, s.p256dh, s.auth
    `.execute(this.db);
    return rows;
  }

  private async entregar(envio: Envio, claves: ClavesVapid): Promise<keyof ResultadoCola> {
    let estado: number;
    let error = "";
    try {
      const detalles = webpush.generateRequestDetails(
        { endpoint: envio.endpoint, keys: { p256dh: envio.p256dh, auth: envio.auth } },
        envio.payload,
        {
          vapidDetails: claves,
          TTL: this.opciones.ttl ?? 24 * 60 * 60,
          urgency: "normal",
          contentEncoding: "aes128gcm",
        },
      );
      // fetch rather than web-push's own sender: it honours the timeout and speaks http on loopback.
      const respuesta = await fetch(detalles.endpoint, {
        method: detalles.method,
        headers: detalles.headers as Record<string, string>,
        body: detalles.body ? new Uint8Array(detalles.body) : undefined,
        signal: AbortSignal.timeout(this.opciones.timeoutMs ?? 10_000),
      });
      estado = respuesta.status;
      if (estado >= 300) error = `HTTP ${estado}: ${(await respuesta.text()).slice(0, 200)}`;
      else await respuesta.body?.cancel();
    } catch (err) {
      estado = 0;
      error = String((err as Error).message ?? err).slice(0, 300);
    }

    if (estado >= 200 && estado < 300) {
      await this.db
        .updateTable("push_envio")
        .set({ estado: "enviado", enviado_en: new Date(), intentos: envio.intentos + 1 })
        .where("id", "=", envio.id)
        .execute();
      return "enviados";
    }
    if (estado === 404 || estado === 410) {
      // The subscription expired or was revoked: it will never accept a message again.
      await this.db.deleteFrom("push_suscripcion").where("id", "=", envio.idSuscripcion).execute();
      return "borradas";
    }
    const intentos = envio.intentos + 1;
    const agotado = intentos >= INTENTOS_MAXIMOS_PUSH;
    await this.db
      .updateTable("push_envio")
      .set({
        intentos,
        ultimo_error: error,
        estado: agotado ? "fallido" : "pendiente",
        siguiente_intento_en: sql`now() + ${`${retrasoReintento(intentos - 1)} milliseconds`}::interval`,
      })
      .where("id", "=", envio.id)
      .execute();
    this.log.warn({ idEnvio: envio.id, error, intentos }, "envío push fallido");
    return agotado ? "fallidos" : "reintentos";
  }
}
