import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ActivarNotificaciones } from "./activar-notificaciones";

const SUSCRIPCION = {
  endpoint: "https://push.example.com/abc",
  toJSON: () => ({ endpoint: "https://push.example.com/abc", keys: { p256dh: "p", auth: "a" } }),
};

let pedirPermiso: ReturnType<typeof vi.fn>;
let enviadas: string[];

beforeEach(() => {
  localStorage.clear();
  enviadas = [];
  pedirPermiso = vi.fn(async () => "granted");
  const registro = {
    pushManager: { getSubscription: async () => null, subscribe: async () => SUSCRIPCION },
  };
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal("Notification", { permission: "default", requestPermission: pedirPermiso });
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: async () => registro, ready: Promise.resolve(registro) },
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      enviadas.push(`${init.method ?? "GET"} ${url}`);
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

const pintar = () =>
  render(
    <MantineProvider>
      <ActivarNotificaciones />
    </MantineProvider>,
  );

describe("ActivarNotificaciones", () => {
  it("no pide permiso al cargar: solo cuando se pulsa «Activar notificaciones», y entonces se suscribe", async () => {
    pintar();
    expect(screen.getByText("Activa las notificaciones para recibir avisos")).toBeTruthy();
    expect(pedirPermiso).not.toHaveBeenCalled();
    expect(enviadas).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Activar notificaciones" }));
    await waitFor(() => expect(enviadas.some((e) => e.endsWith("/push/suscripcion"))).toBe(true));
    expect(pedirPermiso).toHaveBeenCalledTimes(1);
    expect(enviadas.find((e) => e.endsWith("/push/suscripcion"))).toMatch(/^POST /);
    await waitFor(() =>
      expect(screen.queryByText("Activa las notificaciones para recibir avisos")).toBeNull(),
    );
  });

  it("«Ahora no» la oculta en este navegador sin pedir permiso", () => {
    const { unmount } = pintar();
    fireEvent.click(screen.getByRole("button", { name: "Ahora no" }));
    expect(screen.queryByText("Activa las notificaciones para recibir avisos")).toBeNull();
    unmount();
    pintar();
    expect(screen.queryByText("Activa las notificaciones para recibir avisos")).toBeNull();
    expect(pedirPermiso).not.toHaveBeenCalled();
  });

  it("no aparece si el permiso ya se concedió o se denegó", () => {
    vi.stubGlobal("Notification", { permission: "denied", requestPermission: pedirPermiso });
    pintar();
    expect(screen.queryByText("Activa las notificaciones para recibir avisos")).toBeNull();
  });
});
