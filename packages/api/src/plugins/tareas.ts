import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** A piece of background work run every `cadaMs` while the app is up. */
export type TareaPeriodica = {
  /** For the log and the tests; unique. */
  nombre: string;
  cadaMs: number;
  /** Also run it once as soon as the app is ready (default: first run after `cadaMs`). */
  alArrancar?: boolean;
  ejecutar: () => unknown;
  /** Before the first run: whatever the task needs to be switched on. */
  iniciar?: () => void;
  /** After its timer has stopped and its run in progress has ended. */
  parar?: () => Promise<unknown> | unknown;
};

type EnMarcha = {
  tarea: TareaPeriodica;
  temporizador: NodeJS.Timeout;
  enCurso: Promise<void> | null;
  /** Asked for (`pedir`) while a run was under way: one more run when it ends. */
  otraVez: boolean;
};

/**
 * Every timer and background job of the API, in one place: registered before the app is ready,
 * started when it is, stopped (waiting for the run in progress) when it closes. A run never
 * overlaps the previous one of the same task; an error is logged with the task's name and the
 * task runs again at its next turn — a failing task never brings the server down.
 */
export class Tareas {
  private readonly registradas: TareaPeriodica[] = [];
  private readonly enMarcha = new Map<string, EnMarcha>();
  private iniciadas = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  registrar(tarea: TareaPeriodica): void {
    if (this.registradas.some((t) => t.nombre === tarea.nombre)) {
      throw new Error(`Ya hay una tarea «${tarea.nombre}»`);
    }
    if (!(tarea.cadaMs > 0)) throw new Error(`La tarea «${tarea.nombre}» necesita un intervalo`);
    this.registradas.push(tarea);
    if (this.iniciadas) this.arrancar(tarea);
  }

  /** Names of the registered tasks. */
  get nombres(): string[] {
    return this.registradas.map((t) => t.nombre);
  }

  /** Names of the tasks whose timer is running now. */
  get activas(): string[] {
    return [...this.enMarcha.keys()];
  }

  /**
   * Runs a task now, outside its turn (after a bulk write, so what it folds is folded at once):
   * if a run is under way, one more when it ends, so that run sees what was just written. A task
   * not running (not registered, the app not ready or stopping) is not run.
   */
  pedir(nombre: string): void {
    const m = this.enMarcha.get(nombre);
    if (!m) return;
    if (m.enCurso) m.otraVez = true;
    else this.ejecutar(nombre);
  }

  iniciar(): void {
    if (this.iniciadas) return;
    this.iniciadas = true;
    for (const tarea of this.registradas) this.arrancar(tarea);
  }

  async parar(): Promise<void> {
    this.iniciadas = false;
    const paradas = [...this.enMarcha.values()];
    for (const m of paradas) clearInterval(m.temporizador);
    this.enMarcha.clear();
    await Promise.all(
      paradas.map(async ({ tarea, enCurso }) => {
        await enCurso;
        try {
          await tarea.parar?.();
        } catch (err) {
          this.log.error({ err, tarea: tarea.nombre }, "la tarea no se ha parado bien");
        }
      }),
    );
  }

  private arrancar(tarea: TareaPeriodica): void {
    try {
      tarea.iniciar?.();
    } catch (err) {
      this.log.error({ err, tarea: tarea.nombre }, "la tarea no ha podido arrancar");
      return;
    }
    const temporizador = setInterval(() => this.ejecutar(tarea.nombre), tarea.cadaMs);
    temporizador.unref();
    this.enMarcha.set(tarea.nombre, { tarea, temporizador, enCurso: null, otraVez: false });
    if (tarea.alArrancar) this.ejecutar(tarea.nombre);
  }

  private ejecutar(nombre: string): void {
    const m = this.enMarcha.get(nombre);
    if (!m || m.enCurso) return;
    // Cleared in a callback, never synchronously: a task that throws at once must not stay
    // «in progress» for good.
    m.enCurso = (async () => m.tarea.ejecutar())()
      .then(
        () => undefined,
        (err) => this.log.error({ err, tarea: nombre }, "ha fallado una tarea de fondo"),
      )
      .finally(() => {
        m.enCurso = null;
        if (m.otraVez && this.enMarcha.get(nombre) === m) {
          m.otraVez = false;
          this.ejecutar(nombre);
        }
      });
  }
}

declare module "fastify" {
  interface FastifyInstance {
    tareas: Tareas;
  }
}

/** `app.tareas`: the tasks start once the app is ready and stop when it closes. */
export const tareasPlugin = fp(
  async (app: FastifyInstance, opciones: { log: FastifyBaseLogger }) => {
    const tareas = new Tareas(opciones.log);
    app.decorate("tareas", tareas);
    app.addHook("onReady", async () => tareas.iniciar());
    app.addHook("onClose", async () => tareas.parar());
  },
  { name: "tareas" },
);
