import { RENOVACION_PUSH_MS } from "@fila/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  activarNotificaciones,
  permisoNotificaciones,
  quitarSuscripcion,
  renovarSiToca,
} from "./web-push";

const SUSCRIPCION = {
  endpoint: "https://push.example.com/abc",
  toJSON: () => ({ endpoint: "https://push.example.com/abc", keys: { p256dh: "p", auth: "a" } }),
  unsubscribe: vi.fn(async () => true),
};

let llamadas: { metodo: string; url: string; cuerpo: unknown }[];

beforeEach(() => {
  llamadas = [];
  localStorage.clear();
  SUSCRIPCION.unsubscribe.mockClear();
  const registro = {
    pushManager: {
      getSubscription: async () => SUSCRIPCION,
      subscribe: async () => SUSCRIPCION,
    },
  };
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal("Notification", {
    permission: "granted",
    requestPermission: async () => "granted",
  });
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: async () => registro, ready: Promise.resolve(registro) },
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      llamadas.push({
        metodo: init.method ?? "GET",
        url,
        cuerpo: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const cuerpo = url.endsWith("/push/clave") ? { publicKey: "BAAA" } : {};
      return new Response(JSON.stringify(cuerpo), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("renovación semanal de la suscripción push", () => {
  it("la envía si nunca se envió y no otra vez hasta que pasa una semana", async () => {
    const ahora = Date.now();
    await renovarSiToca(ahora);
    expect(llamadas.filter((l) => l.metodo === "POST").map((l) => l.url)).toEqual([
      "/api/push/suscripcion",
    ]);
    expect(llamadas.at(-1)?.cuerpo).toEqual(SUSCRIPCION.toJSON());

    await renovarSiToca(Date.now() + RENOVACION_PUSH_MS - 60_000);
    expect(llamadas.filter((l) => l.metodo === "POST")).toHaveLength(1);

    await renovarSiToca(Date.now() + RENOVACION_PUSH_MS + 60_000);
    expect(llamadas.filter((l) => l.metodo === "POST")).toHaveLength(2);
  });

  it("sin permiso no envía nada", async () => {
    vi.stubGlobal("Notification", { permission: "default" });
    await renovarSiToca();
    expect(llamadas).toEqual([]);
  });
});

describe("el permiso de notificaciones", () => {
  it("se lee del navegador una vez por documento, y se actualiza al pedirlo", async () => {
    let lecturas = 0;
    let respuesta: NotificationPermission = "default";
    vi.stubGlobal("Notification", {
      get permission() {
        lecturas++;
        return "default";
      },
      requestPermission: async () => respuesta,
    });
    expect(permisoNotificaciones()).toBe("default");
    expect(permisoNotificaciones()).toBe("default");
    await renovarSiToca();
    expect(lecturas).toBe(1);

    respuesta = "denied";
    expect(await activarNotificaciones()).toBe("denied");
    expect(permisoNotificaciones()).toBe("denied");
    expect(lecturas).toBe(1);
  });
});

describe("al cerrar sesión", () => {
  it("pide al servidor que olvide este navegador y da de baja la suscripción", async () => {
    await quitarSuscripcion();
    expect(llamadas).toEqual([
      {
        metodo: "DELETE",
        url: "/api/push/suscripcion",
        cuerpo: { endpoint: SUSCRIPCION.endpoint },
      },
    ]);
    expect(SUSCRIPCION.unsubscribe).toHaveBeenCalledOnce();
  });
});
