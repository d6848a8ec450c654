import { type Acceso, ErrorHttp } from "@fila/domain";
import { describe, expect, it } from "vitest";
import type { AccesoPendiente } from "./accesos-pendientes";
import { type Cola, cuerpoDe, type Envio, enviarPendiente, vaciarCola } from "./cola-accesos";

const lectura = (n: number): AccesoPendiente => ({
  clave: `k${n}`,
  idActo: 7,
  codigo: `carnet-${n}`,
  leidoEn: Date.UTC(2026, 11, 6, 22, 59, n),
});

const acceso = { resultado: "registrado" } as Acceso;

/** A queue in memory whose server answers each code as `respuestas` says (an error is thrown). */
function colaDe(respuestas: Record<string, unknown>) {
  const guardadas = new Set(["k1", "k2", "k3"]);
  const enviadas: string[] = [];
  const cola: Cola = {
    enviar: async (p) => {
      enviadas.push(p.codigo);
      const respuesta = respuestas[p.codigo];
      if (respuesta !== undefined) throw respuesta;
      return acceso;
    },
    quitar: async (clave) => {
      guardadas.delete(clave);
    },
  };
  return { cola, guardadas, enviadas };
}

const http = (status: number) => new ErrorHttp(status, "x");

describe("cola de lecturas de la puerta", () => {
  it("envía la hora de lectura como instante ISO 8601", () => {
    expect(cuerpoDe(lectura(30))).toEqual({
      codigo: "carnet-30",
      leidoEn: "2026-12-06T22:59:30.000Z",
    });
  });

  it.each([401, 403, 426, 500, 502, 503])(
    "guarda la lectura si el servidor responde %i",
    async (status) => {
      const { cola, guardadas } = colaDe({ "carnet-1": http(status) });
      const envio = await enviarPendiente(lectura(1), cola);
      expect(envio.tipo).toBe([401, 403, 426].includes(status) ? "sin_sesion" : "sin_senal");
      expect(guardadas.has("k1")).toBe(true);
    },
  );

  it("guarda la lectura sin red (fetch falla sin respuesta)", async () => {
    const { cola, guardadas } = colaDe({ "carnet-1": new TypeError("Failed to fetch") });
    expect((await enviarPendiente(lectura(1), cola)).tipo).toBe("sin_senal");
    expect(guardadas.has("k1")).toBe(true);
  });

  it.each([400, 404, 409])(
    "quita la lectura que el servidor rechaza del todo (%i)",
    async (status) => {
      const error = http(status);
      const { cola, guardadas } = colaDe({ "carnet-1": error });
      expect(await enviarPendiente(lectura(1), cola)).toEqual({ tipo: "rechazado", error });
      expect(guardadas.has("k1")).toBe(false);
    },
  );

  it("quita la lectura respondida", async () => {
    const { cola, guardadas } = colaDe({});
    expect(await enviarPendiente(lectura(1), cola)).toEqual({ tipo: "enviado", acceso });
    expect(guardadas.has("k1")).toBe(false);
  });

  it("deja de reintentar al primer error de sesión y conserva esa y las siguientes", async () => {
    const { cola, guardadas, enviadas } = colaDe({ "carnet-2": http(401) });
    const vistas: [string, Envio["tipo"]][] = [];
    const fin = await vaciarCola([lectura(1), lectura(2), lectura(3)], cola, (p, e) =>
      vistas.push([p.clave, e.tipo]),
    );
    expect(fin).toBe("sin_sesion");
    expect(enviadas).toEqual(["carnet-1", "carnet-2"]);
    expect(vistas).toEqual([
      ["k1", "enviado"],
      ["k2", "sin_sesion"],
    ]);
    expect([...guardadas].sort()).toEqual(["k2", "k3"]);
  });

  it("un rechazo no detiene la cola; la falta de señal sí", async () => {
    const { cola, guardadas, enviadas } = colaDe({ "carnet-1": http(409), "carnet-2": http(503) });
    const fin = await vaciarCola([lectura(1), lectura(2), lectura(3)], cola, () => undefined);
    expect(fin).toBe("sin_senal");
    expect(enviadas).toEqual(["carnet-1", "carnet-2"]);
    expect([...guardadas].sort()).toEqual(["k2", "k3"]);
  });
});
