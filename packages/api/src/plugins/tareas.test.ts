import Fastify from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { crearEntorno } from "../test/entorno.js";
import { Tareas, tareasPlugin } from "./tareas.js";

const logDePrueba = () => {
  const errores: { obj: unknown; msg: string }[] = [];
  const log = {
    error: (obj: unknown, msg: string) => errores.push({ obj, msg }),
    debug: () => {},
    info: () => {},
    warn: () => {},
  };
  return { log: log as never, errores };
};

describe("Tareas", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("ejecuta cada tarea a su intervalo desde que se inician, y al arrancar si lo pide", async () => {
    vi.useFakeTimers();
    const { log } = logDePrueba();
    const tareas = new Tareas(log);
    const a = vi.fn();
    const b = vi.fn();
    tareas.registrar({ nombre: "a", cadaMs: 1000, ejecutar: a });
    tareas.registrar({ nombre: "b", cadaMs: 5000, alArrancar: true, ejecutar: b });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(a).not.toHaveBeenCalled();
    tareas.iniciar();
    expect(b).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(a).toHaveBeenCalledTimes(5);
    expect(b).toHaveBeenCalledTimes(2);
    expect(tareas.activas.sort()).toEqual(["a", "b"]);
    await tareas.parar();
  });

  it("pedir la ejecuta ya; pedida durante una ejecución, una vez más al acabar; sin iniciar o parada, nada", async () => {
    vi.useFakeTimers();
    const { log } = logDePrueba();
    const tareas = new Tareas(log);
    let terminar = () => {};
    let veces = 0;
    tareas.registrar({
      nombre: "plegar",
      cadaMs: 3_600_000,
      ejecutar: () =>
        new Promise<void>((ok) => {
          veces++;
          terminar = ok;
        }),
    });
    tareas.pedir("plegar");
    expect(veces).toBe(0);
    tareas.iniciar();
    tareas.pedir("plegar");
    expect(veces).toBe(1);
    // Asked twice while it runs: one more run, after this one, not two and not at once.
    tareas.pedir("plegar");
    tareas.pedir("plegar");
    expect(veces).toBe(1);
    terminar();
    await vi.advanceTimersByTimeAsync(0);
    expect(veces).toBe(2);
    terminar();
    await vi.advanceTimersByTimeAsync(0);
    expect(veces).toBe(2);
    tareas.pedir("otra que no existe");
    const parada = tareas.parar();
    tareas.pedir("plegar");
    await parada;
    expect(veces).toBe(2);
  });

  it("al parar no queda ningún temporizador y espera a la ejecución en curso", async () => {
    vi.useFakeTimers();
    const { log } = logDePrueba();
    const tareas = new Tareas(log);
    let terminar = () => {};
    const orden: string[] = [];
    tareas.registrar({
      nombre: "lenta",
      cadaMs: 1000,
      ejecutar: () =>
        new Promise<void>((ok) => {
          orden.push("empieza");
          terminar = () => {
            orden.push("termina");
            ok();
          };
        }),
      parar: () => {
        orden.push("parada");
      },
    });
    tareas.registrar({ nombre: "otra", cadaMs: 60_000, ejecutar: () => {} });
    tareas.iniciar();
    expect(vi.getTimerCount()).toBe(2);
    await vi.advanceTimersByTimeAsync(3000);
    // A run never overlaps the previous one of the same task.
    expect(orden).toEqual(["empieza"]);
    const parada = tareas.parar();
    expect(vi.getTimerCount()).toBe(0);
    terminar();
    await parada;
    expect(orden).toEqual(["empieza", "termina", "parada"]);
    expect(tareas.activas).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(orden).toHaveLength(3);
  });

  it("un error se anota con el nombre de la tarea y la tarea sigue en su siguiente turno", async () => {
    vi.useFakeTimers();
    const { log, errores } = logDePrueba();
    const tareas = new Tareas(log);
    let veces = 0;
    tareas.registrar({
      nombre: "frágil",
      cadaMs: 1000,
      ejecutar: () => {
        veces += 1;
        if (veces === 1) throw new Error("síncrono");
        return Promise.reject(new Error("asíncrono"));
      },
    });
    tareas.iniciar();
    await vi.advanceTimersByTimeAsync(3000);
    expect(veces).toBe(3);
    expect(errores).toHaveLength(3);
    expect(errores[0]?.obj).toMatchObject({ tarea: "frágil" });
    await tareas.parar();
  });

  it("rechaza dos tareas con el mismo nombre o sin intervalo", () => {
    const tareas = new Tareas(logDePrueba().log);
    tareas.registrar({ nombre: "x", cadaMs: 1, ejecutar: () => {} });
    expect(() => tareas.registrar({ nombre: "x", cadaMs: 1, ejecutar: () => {} })).toThrow(/x/);
    expect(() => tareas.registrar({ nombre: "y", cadaMs: 0, ejecutar: () => {} })).toThrow(/y/);
  });

  it("el plugin las arranca cuando la app está lista y las para al cerrarla", async () => {
    const app = Fastify();
    await app.register(tareasPlugin, { log: app.log });
    const ejecutar = vi.fn();
    app.tareas.registrar({ nombre: "t", cadaMs: 60_000, alArrancar: true, ejecutar });
    expect(app.tareas.activas).toEqual([]);
    await app.ready();
    expect(app.tareas.activas).toEqual(["t"]);
    expect(ejecutar).toHaveBeenCalledTimes(1);
    await app.close();
    expect(app.tareas.activas).toEqual([]);
  });
});

describe("las tareas de fondo de la app", () => {
  it("corren todas bajo el plugin de tareas y ninguna sigue tras cerrar la app", async () => {
    const e = await crearEntorno({ pushWorker: true });
    try {
      expect(e.app.tareas.nombres.sort()).toEqual([
        "avisos de anuncios que caducan",
        "cola de push",
        "compactación del resumen de cargos",
        "copia de seguridad diaria",
        "limpieza de los límites de intentos",
        "liquidación de loterías vencidas",
        "mantenimiento de la analítica",
        "plazos de pago de las inscripciones",
        "trabajos cortados",
      ]);
      expect(e.app.tareas.activas).toHaveLength(9);
    } finally {
      await e.cerrar();
    }
    expect(e.app.tareas.activas).toEqual([]);
  });

  it("sin el trabajador de push quedan solo las que no dependen de él", async () => {
    const e = await crearEntorno();
    try {
      // The daily copy runs on either database (the copy at shutdown is server.ts's).
      expect(e.app.tareas.nombres.sort()).toEqual([
        "compactación del resumen de cargos",
        "copia de seguridad diaria",
        "limpieza de los límites de intentos",
        "liquidación de loterías vencidas",
        "mantenimiento de la analítica",
        "plazos de pago de las inscripciones",
        "trabajos cortados",
      ]);
    } finally {
      await e.cerrar();
    }
  });
});
