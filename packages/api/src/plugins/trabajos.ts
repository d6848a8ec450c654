import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/database.js";
import type { DB, EstadoTrabajo } from "../db/schema.js";
import { DomainError } from "../errors/domain-error.js";
import { CATALOGOS, type Idioma, type Mensaje, texto } from "../errors/mensajes.js";

/** What `GET /api/trabajos/:id` answers. */
export type EstadoDeTrabajo = {
  tipo: string;
  estado: EstadoTrabajo;
  progreso: number;
  resultado: unknown;
  error: string | null;
};

/** What a job's handler receives. */
export type ContextoTrabajo<P> = {
  id: number;
  parametros: P;
  /** 1 the first time; more when a kind that resumes is run again after a restart. */
  intento: number;
  db: Database;
  /**
   * Aborted when this instance no longer holds the job (its lease was lost: a restore failed it,
   * another instance took it) — reason `TrabajoPerdido` — or when the server stops — reason
   * `TrabajoParado`. A job that resumes stops at its next step: it throws `senal.reason`
   * (`senal.throwIfAborted()`); a stopped one keeps its row `en_curso` with its lease released,
   * so the next start takes it up at once.
   */
  senal: AbortSignal;
  /**
   * Reports progress (0–1). Never awaited: written in the background, at most every
   * `PROGRESO_CADA_MS`, on a connection of its own, so every instance sees it at once.
   */
  progreso(fraccion: number): void;
  /**
   * A transaction that commits only while this instance still holds the job: before commit it
   * locks the job's row and checks the lease, else it rolls back (`TrabajoPerdido`).
   */
  transaccion<R>(fn: (trx: Transaction<DB>) => Promise<R>): Promise<R>;
  /**
   * The job's last transaction: `fn`'s result becomes the job's `resultado` and the job is
   * `terminado` in the same commit. A job whose writing is all here leaves nothing half-written.
   */
  terminarEn<R>(fn: (trx: Transaction<DB>) => Promise<R>): Promise<R>;
};

/** A kind of job: its handler, and what to do with a run cut by a restart. */
export type TipoTrabajo<P = unknown, R = unknown> = {
  tipo: string;
  /**
   * "fallar": its writing is one transaction (`terminarEn`), so a cut run wrote nothing and is
   * marked failed. "reanudar": the handler is run again with the same parameters (it must pick
   * up where it stopped, e.g. from rows it marked as done).
   */
  alCortarse: "fallar" | "reanudar";
  ejecutar(ctx: ContextoTrabajo<P>): Promise<R>;
};

/** A job to enqueue: `clave` (default: the parameters) identifies identical jobs. */
export type EntradaTrabajo<P> = {
  tipo: string;
  parametros: P;
  clave?: string;
  creadoPor?: number | null;
};

export type OpcionesTrabajos = {
  /** How long a lease lasts without renewal (default 60 s). */
  arriendoMs?: number;
  /** Name of this instance (default: a random one per process). */
  instancia?: string;
};

/** Thrown inside a job that lost its lease (another instance failed or took it). */
export class TrabajoPerdido extends Error {
  constructor(id: number) {
    super(`El trabajo ${id} ya no es de esta instancia`);
  }
}

/** The reason of a job's signal when the server stops (`parar()`). */
export class TrabajoParado extends Error {
  constructor(id: number) {
    super(`El trabajo ${id} se ha parado con el servidor`);
  }
}

const PROGRESO_CADA_MS = 250;

/** A job's error is stored as its message of the catalogue (JSON), never as a text. */
const guardarError = (m: Mensaje): string => JSON.stringify(m);

/** The stored error in a language; a text stored before issue 45 (Spanish) as it is. */
function leerError(guardado: string, idioma: Idioma): string {
  let m: unknown;
  try {
    m = JSON.parse(guardado);
  } catch {
    return guardado;
  }
  const clave = typeof m === "string" ? m : (m as { clave?: unknown } | null)?.clave;
  return typeof clave === "string" && Object.hasOwn(CATALOGOS.es, clave)
    ? texto(m as Mensaje, idioma)
    : guardado;
}

/** Stable JSON (sorted keys): the same parameters always give the same unicity key. */
export function claveDeParametros(valor: unknown): string {
  return JSON.stringify(valor, (_k, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * The one job runner of the app (ADR 0020). Jobs live in the table `trabajo`: the instance that
 * takes a request enqueues the job already claimed by itself (a lease it renews while it runs)
 * and runs it in the background; progress, result and error are written there, so any instance
 * answers `GET /api/trabajos/:id`. `recuperar()` (a task of the `tareas` plugin) takes the jobs
 * whose lease expired — their instance died — with `FOR UPDATE SKIP LOCKED`, and runs them again
 * or marks them failed as their kind says. Two running jobs never share a unicity key.
 */
export class Trabajos {
  readonly instancia: string;
  private readonly arriendoMs: number;
  private readonly tipos = new Map<string, TipoTrabajo<never, unknown>>();
  private readonly enCurso = new Map<
    number,
    { promesa: Promise<void>; controlador: AbortController }
  >();
  private parado = false;
  private readonly oyentes: { tipos: string[]; fn: () => unknown }[] = [];

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    opciones: OpcionesTrabajos = {},
  ) {
    this.instancia = opciones.instancia ?? `${process.pid}-${randomUUID()}`;
    this.arriendoMs = opciones.arriendoMs ?? 60_000;
  }

  /** Registers a kind of job; its name is unique. */
  registrar<P, R>(tipo: TipoTrabajo<P, R>): void {
    if (this.tipos.has(tipo.tipo)) throw new Error(`Ya hay un tipo de trabajo «${tipo.tipo}»`);
    this.tipos.set(tipo.tipo, tipo as unknown as TipoTrabajo<never, unknown>);
  }

  /**
   * `fn` runs on this instance after each job of one of `tipos` ends well (its writing
   * committed): e.g. the summaries folded after an emission. Its error is logged; the job stays
   * done.
   */
  alTerminar(tipos: string[], fn: () => unknown): void {
    this.oyentes.push({ tipos, fn });
  }

  get registrados(): string[] {
    return [...this.tipos.keys()];
  }

  /**
   * Enqueues a job and starts it on this instance. `clave` (default: the parameters) identifies
   * identical jobs: while one runs, the same request gets its id back (`nuevo: false`).
   */
  async encolar<P>(entrada: EntradaTrabajo<P>): Promise<{ id: number; nuevo: boolean }> {
    const clave = this.claveDe(entrada);
    // The running one may end between the insert and the read: then insert again.
    for (let i = 0; i < 5; i++) {
      const fila = await this.insertar(this.db, entrada);
      if (fila) {
        this.lanzar(fila.id, entrada.tipo, fila.parametros, fila.intentos);
        return { id: fila.id, nuevo: true };
      }
      const existente = await this.db
        .selectFrom("trabajo")
        .select("id")
        .where("clave", "=", clave)
        .where("estado", "=", "en_curso")
        .executeTakeFirst();
      if (existente) return { id: existente.id, nuevo: false };
    }
    throw new Error(`No se ha podido encolar el trabajo «${entrada.tipo}»`);
  }

  /**
   * The job's row, inserted in the caller's transaction (claimed by this instance, so nobody else
   * takes it), to be started with `iniciar()` once that transaction has committed: the job exists
   * exactly when what it works on does. A twin running already (same key) is an error here.
   */
  async encolarEn<P>(
    trx: Kysely<DB>,
    entrada: EntradaTrabajo<P>,
  ): Promise<{ id: number; iniciar: () => void }> {
    const fila = await this.insertar(trx, entrada);
    if (!fila) throw new Error(`Ya hay un trabajo «${this.claveDe(entrada)}» en curso`);
    return {
      id: fila.id,
      iniciar: () => this.lanzar(fila.id, entrada.tipo, fila.parametros, fila.intentos),
    };
  }

  private claveDe(entrada: EntradaTrabajo<unknown>): string {
    if (!this.tipos.has(entrada.tipo)) throw new Error(`No hay trabajos «${entrada.tipo}»`);
    return `${entrada.tipo}:${entrada.clave ?? claveDeParametros(entrada.parametros)}`;
  }

  /** The job's row, claimed by this instance; undefined while a twin runs. */
  private insertar(db: Kysely<DB>, entrada: EntradaTrabajo<unknown>) {
    return (
      db
        .insertInto("trabajo")
        .values({
          tipo: entrada.tipo,
          clave: this.claveDe(entrada),
          parametros: JSON.stringify(entrada.parametros ?? {}),
          creado_por: entrada.creadoPor ?? null,
          instancia: this.instancia,
          arrendado_hasta: sql<Date>`now() + ${`${this.arriendoMs} milliseconds`}::interval`,
        })
        // The index's predicate written as it is (a parameter would not match it).
        .onConflict((oc) => oc.column("clave").where(sql<boolean>`estado = 'en_curso'`).doNothing())
        .returning(["id", "parametros", "intentos"])
        .executeTakeFirst()
    );
  }

  /** The job as `GET /api/trabajos/:id` answers it, its error in the reader's language. */
  async leer(id: number, idioma: Idioma = "es"): Promise<EstadoDeTrabajo | null> {
    const fila = await this.db
      .selectFrom("trabajo")
      .select(["tipo", "estado", "progreso", "resultado", "error"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!fila) return null;
    return {
      tipo: fila.tipo,
      estado: fila.estado,
      progreso: Number(fila.progreso),
      resultado: fila.resultado ?? null,
      error: fila.error === null ? null : leerError(fila.error, idioma),
    };
  }

  /** Tests and shutdown: the end of a job this instance runs (at once if it runs elsewhere). */
  async esperar(id: number): Promise<void> {
    await this.enCurso.get(id)?.promesa;
  }

  /**
   * Takes, one by one, the running jobs whose lease expired (their instance stopped) and runs
   * them again or marks them failed. Returns how many it took.
   */
  async recuperar(): Promise<number> {
    let n = 0;
    while (!this.parado) {
      const fila = await sql<{ id: number; tipo: string; parametros: unknown; intentos: number }>`
        UPDATE trabajo SET instancia = ${this.instancia},
          arrendado_hasta = now() + ${`${this.arriendoMs} milliseconds`}::interval,
          intentos = intentos + 1, actualizado_en = now()
        WHERE id = (
          SELECT id FROM trabajo
          WHERE estado = 'en_curso' AND arrendado_hasta < now()
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
        )
        RETURNING id, tipo, parametros, intentos`
        .execute(this.db)
        .then((r) => r.rows[0]);
      if (!fila) break;
      n += 1;
      const tipo = this.tipos.get(fila.tipo);
      if (tipo?.alCortarse === "reanudar") {
        this.log.info({ trabajo: fila.id, tipo: fila.tipo }, "se reanuda un trabajo cortado");
        this.lanzar(Number(fila.id), fila.tipo, fila.parametros, fila.intentos);
      } else {
        this.log.warn(
          { trabajo: fila.id, tipo: fila.tipo },
          "un trabajo cortado se da por fallido",
        );
        await this.fallar(Number(fila.id), "trabajos.cortado");
      }
    }
    return n;
  }

  /**
   * Stops taking jobs, tells the running ones to stop (their signal) and waits for them: a job
   * that resumes stops at its next step and releases its lease; one that does not (its writing is
   * one transaction) is waited for.
   */
  async parar(): Promise<void> {
    this.parado = true;
    for (const [id, { controlador }] of this.enCurso) controlador.abort(new TrabajoParado(id));
    await Promise.all([...this.enCurso.values()].map((t) => t.promesa));
  }

  private lanzar(id: number, nombreTipo: string, parametros: unknown, intento: number): void {
    const tipo = this.tipos.get(nombreTipo);
    if (!tipo) return;
    const controlador = new AbortController();
    const promesa = this.correr(id, tipo, parametros, intento, controlador).finally(() =>
      this.enCurso.delete(id),
    );
    this.enCurso.set(id, { promesa, controlador });
  }

  private async correr(
    id: number,
    tipo: TipoTrabajo<never, unknown>,
    parametros: unknown,
    intento: number,
    controlador: AbortController,
  ): Promise<void> {
    const perdido = (err: unknown) => {
      if (err instanceof TrabajoPerdido) controlador.abort(err);
      throw err;
    };
    const latido = setInterval(
      () => {
        this.renovar(id)
          .then((renovado) => {
            if (!renovado) controlador.abort(new TrabajoPerdido(id));
          })
          .catch((err) => this.log.warn({ err, trabajo: id }, "arriendo sin renovar"));
      },
      Math.max(50, Math.floor(this.arriendoMs / 3)),
    );
    latido.unref();
    let ultimo = 0;
    let pendiente: number | null = null;
    let escribiendo = false;
    const escribirProgreso = () => {
      if (escribiendo || pendiente === null) return;
      const valor = pendiente;
      pendiente = null;
      escribiendo = true;
      ultimo = Date.now();
      this.db
        .updateTable("trabajo")
        .set({ progreso: valor, actualizado_en: sql<Date>`now()` })
        .where("id", "=", id)
        .where("instancia", "=", this.instancia)
        .where("estado", "=", "en_curso")
        .where("progreso", "<", valor)
        .execute()
        .catch((err) => this.log.warn({ err, trabajo: id }, "progreso sin escribir"))
        .finally(() => {
          escribiendo = false;
        });
    };
    const ctx: ContextoTrabajo<never> = {
      id,
      parametros: parametros as never,
      intento,
      db: this.db,
      senal: controlador.signal,
      progreso: (fraccion) => {
        pendiente = Math.min(1, Math.max(0, fraccion));
        if (Date.now() - ultimo >= PROGRESO_CADA_MS) escribirProgreso();
      },
      transaccion: (fn) =>
        this.db
          .transaction()
          .execute(async (trx) => {
            const r = await fn(trx);
            await this.comprobarArriendo(trx, id);
            return r;
          })
          .catch(perdido),
      terminarEn: (fn) =>
        this.db
          .transaction()
          .execute(async (trx) => {
            const r = await fn(trx);
            await this.comprobarArriendo(trx, id);
            await this.terminar(trx, id, r);
            return r;
          })
          .catch(perdido),
    };
    try {
      const resultado = await tipo.ejecutar(ctx);
      await this.terminar(this.db, id, resultado);
      for (const { fn } of this.oyentes.filter((o) => o.tipos.includes(tipo.tipo))) {
        try {
          await fn();
        } catch (err) {
          this.log.error(
            { err, trabajo: id, tipo: tipo.tipo },
            "ha fallado lo que sigue a un trabajo",
          );
        }
      }
    } catch (err) {
      // Whatever a stopped job throws (an aborted timer…), the signal says why it stopped.
      const motivo = controlador.signal.aborted ? controlador.signal.reason : err;
      if (motivo instanceof TrabajoPerdido) {
        this.log.warn({ trabajo: id }, "el trabajo ya no es de esta instancia");
      } else if (motivo instanceof TrabajoParado) {
        this.log.info({ trabajo: id, tipo: tipo.tipo }, "trabajo parado con el servidor");
        await this.soltar(id).catch((e) =>
          this.log.error({ err: e, trabajo: id }, "trabajo parado sin soltar"),
        );
      } else {
        if (!(err instanceof DomainError)) {
          this.log.error({ err, trabajo: id, tipo: tipo.tipo }, "ha fallado un trabajo");
        }
        await this.fallar(
          id,
          err instanceof DomainError ? err.clave : "trabajos.error_interno",
        ).catch((e) => this.log.error({ err: e, trabajo: id }, "trabajo sin marcar fallido"));
      }
    } finally {
      clearInterval(latido);
    }
  }

  /** False when the job is no longer this instance's (failed by a restore, taken over). */
  private async renovar(id: number): Promise<boolean> {
    const r = await this.db
      .updateTable("trabajo")
      .set({
        arrendado_hasta: sql<Date>`now() + ${`${this.arriendoMs} milliseconds`}::interval`,
      })
      .where("id", "=", id)
      .where("instancia", "=", this.instancia)
      .where("estado", "=", "en_curso")
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  /** A job stopped with the server: still running, its lease over, so a start takes it at once. */
  private async soltar(id: number): Promise<void> {
    await this.db
      .updateTable("trabajo")
      .set({ arrendado_hasta: sql<Date>`now()`, actualizado_en: sql<Date>`now()` })
      .where("id", "=", id)
      .where("instancia", "=", this.instancia)
      .where("estado", "=", "en_curso")
      .execute();
  }

  /** Locks the job's row: the transaction goes on only while this instance holds the job. */
  private async comprobarArriendo(trx: Kysely<DB>, id: number): Promise<void> {
    const fila = await trx
      .selectFrom("trabajo")
      .select("id")
      .where("id", "=", id)
      .where("instancia", "=", this.instancia)
      .where("estado", "=", "en_curso")
      .forUpdate()
      .executeTakeFirst();
    if (!fila) throw new TrabajoPerdido(id);
  }

  /** `terminado` with its result, if still running here (a no-op after `terminarEn`). */
  private async terminar(db: Kysely<DB>, id: number, resultado: unknown): Promise<void> {
    await db
      .updateTable("trabajo")
      .set({
        estado: "terminado",
        progreso: 1,
        resultado: JSON.stringify(resultado ?? null),
        arrendado_hasta: null,
        actualizado_en: sql<Date>`now()`,
      })
      .where("id", "=", id)
      .where("instancia", "=", this.instancia)
      .where("estado", "=", "en_curso")
      .execute();
  }

  private async fallar(id: number, error: Mensaje): Promise<void> {
    await this.db
      .updateTable("trabajo")
      .set({
        estado: "fallido",
        error: guardarError(error),
        arrendado_hasta: null,
        actualizado_en: sql<Date>`now()`,
      })
      .where("id", "=", id)
      .where("instancia", "=", this.instancia)
      .where("estado", "=", "en_curso")
      .execute();
  }
}

/**
 * After a restore (inside its transaction): the running jobs wrote into data that is gone, so
 * they are failed; their own last transaction then finds them no longer theirs and rolls back.
 */
export async function fallarTrabajosEnCurso(db: Kysely<DB>, error: Mensaje): Promise<number> {
  const r = await db
    .updateTable("trabajo")
    .set({
      estado: "fallido",
      error: guardarError(error),
      arrendado_hasta: null,
      actualizado_en: sql<Date>`now()`,
    })
    .where("estado", "=", "en_curso")
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * The PGlite → PostgreSQL carry-over (bootstrap/base-embebida.ts): the jobs' rows, which no backup
 * carries, read from the old database as text…
 */
export async function leerTrabajos(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ fila: string }>`
    SELECT to_jsonb(t)::text AS fila FROM trabajo t ORDER BY id`.execute(db);
  return rows.map((r) => r.fila);
}

/**
 * …and written into the new one with their ids, after its data. The running ones have no
 * instance any more (the old one has stopped): their leases end now, so the start takes them up.
 */
export async function escribirTrabajos(db: Kysely<DB>, filas: string[]): Promise<void> {
  if (filas.length === 0) return;
  await sql`
    INSERT INTO trabajo
    SELECT * FROM jsonb_populate_recordset(NULL::trabajo, ${`[${filas.join(",")}]`}::jsonb)`.execute(
    db,
  );
  await sql`UPDATE trabajo SET arrendado_hasta = now() WHERE estado = 'en_curso'`.execute(db);
  await sql`SELECT setval(pg_get_serial_sequence('trabajo', 'id'), (SELECT max(id) FROM trabajo))`.execute(
    db,
  );
}
