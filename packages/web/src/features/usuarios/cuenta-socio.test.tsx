import { notifications } from "@mantine/notifications";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { crearQueryClient, Providers } from "../../app/providers";
import { CuentaSocio } from "./cuenta-socio";
import type { CuentaAcceso } from "./use-cuenta-socio";

type Respuesta = { status: number; cuerpo?: unknown };
let rutas: Record<string, (cuerpo: unknown) => Respuesta>;
let llamadas: { clave: string; cuerpo: unknown }[];

const CUENTA: CuentaAcceso = {
  id: 7,
  email: "ana@fila.test",
  nombre: "Ana García",
  rol: "usuario",
  idSocio: 12,
  activo: true,
  condicionesAceptadas: "no",
  invitacionPendiente: true,
  totpActivo: false,
  totpRenovar: false,
};

const lista = (items: CuentaAcceso[]) => ({
  status: 200,
  cuerpo: { items, total: items.length, page: 1, pageSize: 50 },
});

beforeEach(() => {
  llamadas = [];
  rutas = {};
  vi.stubGlobal(
    "fetch",
    vi.fn(async (entrada: RequestInfo | URL, init: RequestInit = {}) => {
      const clave = `${init.method ?? "GET"} ${String(entrada)}`;
      const cuerpo = init.body ? JSON.parse(String(init.body)) : undefined;
      llamadas.push({ clave, cuerpo });
      const manejador = rutas[clave];
      if (!manejador) return new Response(null, { status: 404, statusText: "Not Found" });
      const r = manejador(cuerpo);
      return new Response(r.cuerpo === undefined ? null : JSON.stringify(r.cuerpo), {
        status: r.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

function pintar() {
  return render(
    <Providers client={crearQueryClient()}>
      <CuentaSocio idSocio={12} email="ana@fila.test" />
    </Providers>,
  );
}

describe("CuentaSocio", () => {
  it("sin cuenta, ofrece crearla con el correo del socio y muestra el error del servidor", async () => {
    rutas["GET /api/usuarios?idSocio=12"] = () => lista([]);
    rutas["POST /api/usuarios"] = () => ({
      status: 409,
      cuerpo: {
        error: "conflicto",
        mensaje: "Ya existe una cuenta con ese correo.",
        detalles: [{ campo: "email", mensaje: "Ya existe una cuenta con ese correo." }],
      },
    });
    pintar();
    const form = await screen.findByRole("form", { name: "Crear cuenta de acceso" });
    expect(within(form).getByRole("textbox", { name: /Correo electrónico/ })).toHaveProperty(
      "value",
      "ana@fila.test",
    );
    expect(within(form).getByRole("combobox", { name: /^Rol/ })).toHaveProperty("value", "Usuario");

    fireEvent.click(within(form).getByRole("button", { name: "Crear cuenta de acceso" }));
    const alerta = await within(form).findByRole("alert");
    expect(alerta.textContent).toContain("Ya existe una cuenta con ese correo.");
    expect(llamadas.find((l) => l.clave === "POST /api/usuarios")?.cuerpo).toEqual({
      idSocio: 12,
      email: "ana@fila.test",
      rol: "usuario",
    });
  });

  it("crea la cuenta y pasa a mostrarla", async () => {
    rutas["GET /api/usuarios?idSocio=12"] = () => lista([]);
    rutas["POST /api/usuarios"] = () => ({ status: 201, cuerpo: CUENTA });
    pintar();
    const boton = await screen.findByRole("button", { name: "Crear cuenta de acceso" });
    rutas["GET /api/usuarios?idSocio=12"] = () => lista([CUENTA]);
    fireEvent.click(boton);
    expect(await screen.findByRole("heading", { name: "Cuenta de acceso" })).toBeTruthy();
    expect(screen.getByText("Pendiente: aún no ha elegido contraseña")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reenviar invitación" })).toBeTruthy();
  });

  it("muestra la cuenta y sus acciones; desactivar llama al PATCH y refleja el estado", async () => {
    rutas["GET /api/usuarios?idSocio=12"] = () => lista([CUENTA]);
    rutas["PATCH /api/usuarios/7"] = (cuerpo) => ({
      status: 200,
      cuerpo: { ...CUENTA, ...(cuerpo as object) },
    });
    pintar();
    await screen.findByText("ana@fila.test");
    const seccion = screen.getByRole("region", { name: "Cuenta de acceso" });
    expect(within(seccion).getByText("ana@fila.test")).toBeTruthy();
    expect(within(seccion).getByText("Activa")).toBeTruthy();
    expect(within(seccion).getByText("Sin aceptar")).toBeTruthy();
    for (const nombre of ["Cambiar el rol", "Desactivar", "Reenviar invitación"]) {
      expect(within(seccion).getByRole("button", { name: nombre })).toBeTruthy();
    }
    expect(within(seccion).getByRole("button", { name: "Forzar restablecimiento" })).toBeTruthy();

    rutas["GET /api/usuarios?idSocio=12"] = () => lista([{ ...CUENTA, activo: false }]);
    fireEvent.click(within(seccion).getByRole("button", { name: "Desactivar" }));
    expect(await within(seccion).findByRole("button", { name: "Reactivar" })).toBeTruthy();
    expect(within(seccion).getByText("Desactivada")).toBeTruthy();
    expect(within(seccion).queryByRole("button", { name: "Reenviar invitación" })).toBeNull();
    expect(llamadas.find((l) => l.clave === "PATCH /api/usuarios/7")?.cuerpo).toEqual({
      activo: false,
    });
  });

  it("quita la verificación en dos pasos de la cuenta tras confirmarlo", async () => {
    const conTotp = { ...CUENTA, invitacionPendiente: false, totpActivo: true };
    rutas["GET /api/usuarios?idSocio=12"] = () => lista([conTotp]);
    rutas["DELETE /api/usuarios/7/totp"] = () => ({ status: 204 });
    rutas["GET /api/usuarios/7"] = () => ({
      status: 200,
      cuerpo: { ...conTotp, totpActivo: false },
    });
    pintar();
    const seccion = await screen.findByRole("region", { name: "Cuenta de acceso" });
    await within(seccion).findByText("Verificación en dos pasos activada");
    fireEvent.click(
      within(seccion).getByRole("button", { name: "Quitar la verificación en dos pasos" }),
    );
    // Nothing is sent until it is confirmed.
    expect(llamadas.some((l) => l.clave === "DELETE /api/usuarios/7/totp")).toBe(false);
    const aviso = within(seccion).getByText(/recibirá un correo avisándole/);
    expect(aviso).toBeTruthy();
    const botones = within(seccion).getAllByRole("button", {
      name: "Quitar la verificación en dos pasos",
    });
    rutas["GET /api/usuarios?idSocio=12"] = () => lista([{ ...conTotp, totpActivo: false }]);
    fireEvent.click(botones[botones.length - 1]);
    await waitFor(() =>
      expect(llamadas.some((l) => l.clave === "DELETE /api/usuarios/7/totp")).toBe(true),
    );
    await waitFor(() =>
      expect(within(seccion).queryByText("Verificación en dos pasos activada")).toBeNull(),
    );
  });

  it("una cuenta cuya verificación vino de otra instalación lo muestra y la junta puede quitarla (issue 45 §12)", async () => {
    rutas["GET /api/usuarios?idSocio=12"] = () =>
      lista([{ ...CUENTA, invitacionPendiente: false, totpRenovar: true }]);
    pintar();
    const seccion = await screen.findByRole("region", { name: "Cuenta de acceso" });
    expect(
      await within(seccion).findByText("Por volver a configurar (copia de otra instalación)"),
    ).toBeTruthy();
    expect(
      within(seccion).getByRole("button", { name: "Quitar la verificación en dos pasos" }),
    ).toBeTruthy();
  });

  it("enseña el mensaje del servidor cuando no deja quitar el último administrador", async () => {
    rutas["GET /api/usuarios?idSocio=12"] = () =>
      lista([{ ...CUENTA, rol: "administrador", invitacionPendiente: false }]);
    rutas["PATCH /api/usuarios/7"] = () => ({
      status: 409,
      cuerpo: {
        error: "conflicto",
        mensaje: "No se puede quitar el último administrador.",
        detalles: [],
      },
    });
    pintar();
    const cambiar = await screen.findByRole("button", { name: "Cambiar el rol" });
    expect(cambiar).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("combobox", { name: "Nuevo rol" }));
    fireEvent.click(await screen.findByRole("option", { name: "Socio", hidden: true }));
    await waitFor(() => expect(cambiar).toHaveProperty("disabled", false));
    fireEvent.click(cambiar);
    const seccion = screen.getByRole("region", { name: "Cuenta de acceso" });
    const alerta = await within(seccion).findByRole("alert");
    expect(alerta.textContent).toContain("No se puede quitar el último administrador.");
    expect(llamadas.find((l) => l.clave === "PATCH /api/usuarios/7")?.cuerpo).toEqual({
      rol: "socio",
    });
  });
});
