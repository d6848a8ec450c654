import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/database.js";
import type { DB, EstadoTrabajo } from "../db/schema.js";
import { DomainError } from "../errors/domain-error.js";
import { texto } from "../errors/mensajes.js";

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

const PROGRESO_CADA_MS = 250;

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
  private readonly enCurso = new Map<number, Promise<void>>();
  private parado = false;

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

  get registrados(): string[] {
    return [...this.tipos.keys()];
  }

  /**
   * Enqueues a job and starts it on this instance. `clave` (default: the parameters) identifies
   * identical jobs: while one runs, the same request gets its id back (`nuevo: false`).
   */
  async encolar<P>(entrada: {
    tipo: string;
    parametros: P;
    clave?: string;
    creadoPor?: number | null;
  }): Promise<{ id: number; nuevo: boolean }> {
    if (!this.tipos.has(entrada.tipo)) throw new Error(`No hay trabajos «${entrada.tipo}»`);
    const clave = `${entrada.tipo}:${entrada.clave ?? claveDeParametros(entrada.parametros)}`;
    // The running one may end between the insert and the read: then insert again.
    for (let i = 0; i < 5; i++) {
      const fila = await this.db
        .insertInto("trabajo")
        .values({
          tipo: entrada.tipo,
          clave,
          parametros: JSON.stringify(entrada.parametros ?? {}),
          creado_por: entrada.creadoPor ?? null,
          instancia: this.instancia,
          arrendado_hasta: sql<Date>`now() + ${`${this.arriendoMs} milliseconds`}::interval`,
        })
        // The index's predicate written as it is (a parameter would not match it).
        .onConflict((oc) => oc.column("clave").where(sql<boolean>`estado = 'en_curso'`).doNothing())
        .returning(["id", "parametros", "intentos"])
        .executeTakeFirst();
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

  async leer(id: number): Promise<EstadoDeTrabajo | null> {
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
      error: fila.error,
    };
  }

  /** Tests and shutdown: the end of a job this instance runs (at once if it runs elsewhere). */
  async esperar(id: number): Promise<void> {
    await this.enCurso.get(id);
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
        await this.fallar(Number(fila.id), texto("trabajos.cortado"));
      }
    }
    return n;
  }

  /** Stops taking jobs and waits for the ones this instance runs. */
  async parar(): Promise<void> {
    this.parado = true;
    await Promise.all([...this.enCurso.values()]);
  }

  private lanzar(id: number, nombreTipo: string, parametros: unknown, intento: number): void {
    const tipo = this.tipos.get(nombreTipo);
    if (!tipo) return;
    const promesa = this.correr(id, tipo, parametros, intento).finally(() =>
      this.enCurso.delete(id),
    );
    this.enCurso.set(id, promesa);
  }

  private async correr(
    id: number,
    tipo: TipoTrabajo<never, unknown>,
    parametros: unknown,
    intento: number,
  ): Promise<void> {
    const latido = setInterval(
      () => {
        this.renovar(id).catch((err) =>
          this.log.warn({ err, trabajo: id }, "arriendo sin renovar"),
        );
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
      progreso: (fraccion) => {
        pendiente = Math.min(1, Math.max(0, fraccion));
        if (Date.now() - ultimo >= PROGRESO_CADA_MS) escribirProgreso();
      },
      transaccion: (fn) =>
        this.db.transaction().execute(async (trx) => {
          const r = await fn(trx);
          await this.comprobarArriendo(trx, id);
          return r;
        }),
      terminarEn: (fn) =>
        this.db.transaction().execute(async (trx) => {
          const r = await fn(trx);
          await this.comprobarArriendo(trx, id);
          await this.terminar(trx, id, r);
          return r;
        }),
    };
    try {
      const resultado = await tipo.ejecutar(ctx);
      await this.terminar(this.db, id, resultado);
    } catch (err) {
      if (err instanceof TrabajoPerdido) {
        this.log.warn({ trabajo: id }, "el trabajo ya no es de esta instancia");
      } else {
        if (!(err instanceof DomainError)) {
          this.log.error({ err, trabajo: id, tipo: tipo.tipo }, "ha fallado un trabajo");
        }
        await this.fallar(
          id,
          err instanceof DomainError ? err.mensaje : texto("trabajos.error_interno"),
        ).catch((e) => this.log.error({ err: e, trabajo: id }, "trabajo sin marcar fallido"));
      }
    } finally {
      clearInterval(latido);
    }
  }

  private async renovar(id: number): Promise<void> {
    await this.db
      .updateTable("trabajo")
      .set({
        arrendado_hasta: sql<Date>`now() + ${`${this.arriendoMs} milliseconds`}::interval`,
      })
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

  private async fallar(id: number, error: string): Promise<void> {
    await this.db
      .updateTable("trabajo")
      .set({ estado: "fallido", error, arrendado_hasta: null, actualizado_en: sql<Date>`now()` })
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
export async function fallarTrabajosEnCurso(db: Kysely<DB>, error: string): Promise<number> {
  const r = await db
    .updateTable("trabajo")
    .set({ estado: "fallido", error, arrendado_hasta: null, actualizado_en: sql<Date>`now()` })
    .where("estado", "=", "en_curso")
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
