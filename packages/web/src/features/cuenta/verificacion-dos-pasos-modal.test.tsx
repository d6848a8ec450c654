import { notifications } from "@mantine/notifications";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { crearQueryClient, Providers } from "../../app/providers";
import { sesionStore } from "../../app/session-store";
import { VerificacionDosPasosModal } from "./verificacion-dos-pasos-modal";

type Respuesta = { status: number; cuerpo?: unknown };
let rutas: Record<string, (cuerpo: unknown) => Respuesta>;
let llamadas: { clave: string; cuerpo: unknown }[];
let estado: {
  activo: boolean;
  obligatorio: boolean;
  pendiente: boolean;
  renovar: boolean;
  prueba: "correo" | "administrador" | null;
  codigosRestantes: number;
};

const CODIGOS = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBB${i}`);

beforeEach(() => {
  llamadas = [];
  estado = {
    activo: false,
    obligatorio: false,
    pendiente: false,
    renovar: false,
    prueba: null,
    codigosRestantes: 0,
  };
  rutas = {
    "GET /api/cuenta/totp": () => ({ status: 200, cuerpo: estado }),
    "POST /api/cuenta/totp": () => ({
      status: 200,
      cuerpo: {
        secreto: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
        otpauthUrl:
          "otpauth://totp/Fil%C3%A0:ana%40fila.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
      },
    }),
    "POST /api/cuenta/totp/confirmacion": (cuerpo) => {
      if ((cuerpo as { codigo: string }).codigo !== "123456") {
        return {
          status: 400,
          cuerpo: { error: "codigo_incorrecto", mensaje: "El código no es correcto", detalles: [] },
        };
      }
      estado = { ...estado, activo: true, pendiente: false, codigosRestantes: 10 };
      return { status: 200, cuerpo: { codigosRecuperacion: CODIGOS } };
    },
    "PUT /api/asociacion/seguridad": (cuerpo) => {
      const valor = (cuerpo as { totpObligatorioAdmin: boolean }).totpObligatorioAdmin;
      estado = { ...estado, obligatorio: valor };
      return { status: 200, cuerpo: { totpObligatorioAdmin: valor } };
    },
  };
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
  sesionStore.cerrar();
});

function pintar(rol: "administrador" | "usuario", prueba: string | null = null) {
  sesionStore.iniciar("t", {
    id: 3,
    nombre: "Ana",
    email: "ana@fila.test",
    rol,
    socioId: 0,
    condicionesAceptadas: "si",
    tokenPush: "",
    idioma: "es",
  });
  const alCerrar = vi.fn();
  render(
    <Providers client={crearQueryClient()}>
      <VerificacionDosPasosModal abierto alCerrar={alCerrar} prueba={prueba} />
    </Providers>,
  );
  return alCerrar;
}

describe("VerificacionDosPasosModal", () => {
  it("la activa: QR y clave, un código erróneo se explica, el bueno enseña los 10 códigos una vez", async () => {
    const alCerrar = pintar("usuario");
    const dialogo = await screen.findByRole("dialog", { name: "Verificación en dos pasos" });
    expect(within(dialogo).queryByRole("switch")).toBeNull();
    fireEvent.click(
      await within(dialogo).findByRole("button", { name: "Activar la verificación en dos pasos" }),
    );
    expect(
      await within(dialogo).findByText("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", {}, { timeout: 5000 }),
    ).toBeTruthy();
    const qr = within(dialogo).getByRole("img", {
      name: "Código QR para la aplicación de autenticación",
    });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);

    const campo = within(dialogo).getByLabelText("Código de 6 cifras");
    fireEvent.change(campo, { target: { value: "000000" } });
    fireEvent.click(within(dialogo).getByRole("button", { name: "Activar" }));
    expect((await within(dialogo).findByRole("alert")).textContent).toContain(
      "El código no es correcto",
    );

    fireEvent.change(campo, { target: { value: "123456" } });
    fireEvent.click(within(dialogo).getByRole("button", { name: "Activar" }));
    const lista = await within(dialogo).findByRole("list", { name: "Tus códigos de recuperación" });
    expect(
      within(lista)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(CODIGOS);
    fireEvent.click(within(dialogo).getByRole("button", { name: "Ya los he guardado" }));
    expect(alCerrar).toHaveBeenCalled();
  });

  it("un administrador obligado a activarla no puede cerrar el diálogo", async () => {
    estado = { ...estado, obligatorio: true, pendiente: true };
    pintar("administrador");
    const dialogo = await screen.findByRole("dialog", { name: "Verificación en dos pasos" });
    expect(await within(dialogo).findByText(/exige la verificación en dos pasos/)).toBeTruthy();
    expect(within(dialogo).queryByRole("button", { name: "Cerrar" })).toBeNull();
  });

  it("una cuenta cuya verificación venía de otra instalación tiene que volver a activarla y se le dice por qué", async () => {
    estado = { ...estado, pendiente: true, renovar: true };
    pintar("usuario");
    const dialogo = await screen.findByRole("dialog", { name: "Verificación en dos pasos" });
    expect(await within(dialogo).findByText(/copia de otra instalación/)).toBeTruthy();
    expect(within(dialogo).queryByRole("button", { name: "Cerrar" })).toBeNull();
  });

  it("con la verificación de otra instalación, pide el enlace por correo en vez de dar un secreto nuevo (issue 45 §12)", async () => {
    estado = { ...estado, pendiente: true, renovar: true, prueba: "correo" };
    rutas["POST /api/cuenta/totp/enlace"] = () => ({ status: 204 });
    pintar("usuario");
    const dialogo = await screen.findByRole("dialog", { name: "Verificación en dos pasos" });
    expect(await within(dialogo).findByText(/te enviaremos un enlace a tu correo/)).toBeTruthy();
    expect(
      within(dialogo).queryByRole("button", { name: "Activar la verificación en dos pasos" }),
    ).toBeNull();
    fireEvent.click(within(dialogo).getByRole("button", { name: "Enviarme el enlace" }));
    expect(await within(dialogo).findByRole("status")).toHaveProperty(
      "textContent",
      "Te hemos enviado el enlace. Búscalo en tu correo y ábrelo en este navegador.",
    );
    expect(llamadas.map((l) => l.clave)).not.toContain("POST /api/cuenta/totp");
    expect(within(dialogo).getByRole("button", { name: "Enviarme otro enlace" })).toBeTruthy();
  });

  it("abierta desde el enlace del correo, activa la verificación mandando la prueba (issue 45 §12)", async () => {
    estado = { ...estado, pendiente: true, renovar: true, prueba: "correo" };
    pintar("usuario", "la-prueba-del-correo");
    const dialogo = await screen.findByRole("dialog", { name: "Verificación en dos pasos" });
    fireEvent.click(
      await within(dialogo).findByRole("button", { name: "Activar la verificación en dos pasos" }),
    );
    expect(await within(dialogo).findByTestId("totp-secreto")).toBeTruthy();
    expect(llamadas.find((l) => l.clave === "POST /api/cuenta/totp")?.cuerpo).toEqual({
      prueba: "la-prueba-del-correo",
    });
  });

  it("sin correo en la instalación, dice que un administrador quite la anterior y no ofrece activarla (issue 45 §12)", async () => {
    estado = { ...estado, pendiente: true, renovar: true, prueba: "administrador" };
    pintar("usuario");
    const dialogo = await screen.findByRole("dialog", { name: "Verificación en dos pasos" });
    expect(await within(dialogo).findByText(/pide a un administrador/)).toBeTruthy();
    expect(within(dialogo).queryAllByRole("button")).toEqual([]);
  });

  it("un administrador la exige a todos los administradores", async () => {
    pintar("administrador");
    const dialogo = await screen.findByRole("dialog", { name: "Verificación en dos pasos" });
    const interruptor = await within(dialogo).findByRole("switch", {
      name: "Exigir la verificación en dos pasos a todos los administradores",
    });
    expect(interruptor).toHaveProperty("checked", false);
    fireEvent.click(interruptor);
    await waitFor(() => expect(interruptor).toHaveProperty("checked", true));
    expect(llamadas.find((l) => l.clave === "PUT /api/asociacion/seguridad")?.cuerpo).toEqual({
      totpObligatorioAdmin: true,
    });
  });
});
