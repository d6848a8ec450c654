import { ErrorHttp, mensajeDeError } from "@fila/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, configurarApi, recargarPorVersionAntigua } from "./api";

type Llamada = [string, RequestInit];

function servidor(status: number, cuerpo: unknown, cabeceras: Record<string, string> = {}) {
  const fetchFalso = vi.fn(
    async () =>
      new Response(JSON.stringify(cuerpo), {
        status,
        headers: { "Content-Type": "application/json", "X-Api-Version": "1", ...cabeceras },
      }),
  );
  vi.stubGlobal("fetch", fetchFalso);
  return fetchFalso;
}

const VERSION_ANTIGUA = {
  error: "version_antigua",
  mensaje: "La aplicación se ha actualizado. Recarga la página para seguir usándola.",
  detalles: [],
};

describe("cliente de la API y su versión", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    configurarApi({ alVersionAntigua: (v) => void recargarPorVersionAntigua(v) });
  });

  it("cada llamada lleva X-Api-Version: 1, también las subidas de ficheros", async () => {
    const fetchFalso = servidor(200, { ok: true });
    await api.get("/socios");
    await api.post("/socios", { nombre: "Pep" });
    const datos = new FormData();
    datos.append("archivo", new Blob(["x"]), "a.txt");
    await api.subir("/documentos", datos);
    const llamadas = fetchFalso.mock.calls as unknown as Llamada[];
    expect(llamadas).toHaveLength(3);
    for (const [, init] of llamadas) {
      expect((init.headers as Record<string, string>)["X-Api-Version"]).toBe("1");
    }
    // The multipart body goes as it is: the browser sets its Content-Type with the boundary.
    const [, subida] = llamadas[2];
    expect(subida.body).toBe(datos);
    expect((subida.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
    expect((llamadas[1][1].headers as Record<string, string>)["Content-Type"]).toBe(
      "application/json",
    );
  });

  it("un 426 avisa con la versión de la API y llega a quien llama con el mensaje en español", async () => {
    servidor(426, VERSION_ANTIGUA, { "X-Api-Version": "2" });
    const alVersionAntigua = vi.fn();
    configurarApi({ alVersionAntigua });
    const error = await api.get("/socios").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorHttp);
    expect((error as ErrorHttp).status).toBe(426);
    expect(mensajeDeError(error)).toBe(VERSION_ANTIGUA.mensaje);
    expect(alVersionAntigua).toHaveBeenCalledWith("2");
  });

  it("un 403 totp_pendiente avisa para abrir la verificación en dos pasos; otro 403 no", async () => {
    const alTotpPendiente = vi.fn();
    configurarApi({ alTotpPendiente });
    servidor(403, { error: "sin_permiso", mensaje: "No tienes permiso.", detalles: [] });
    await api.get("/socios").catch(() => undefined);
    expect(alTotpPendiente).not.toHaveBeenCalled();
    const mensaje =
      "Antes de seguir tienes que activar la verificación en dos pasos: es obligatoria para los administradores.";
    servidor(403, { error: "totp_pendiente", mensaje, detalles: [] });
    const error = await api.get("/socios").catch((e: unknown) => e);
    expect(alTotpPendiente).toHaveBeenCalledTimes(1);
    expect(mensajeDeError(error)).toBe(mensaje);
    configurarApi({ alTotpPendiente: () => {} });
  });

  it("por defecto el 426 recarga la página una sola vez por versión de la API", async () => {
    const recargar = vi.fn();
    expect(recargarPorVersionAntigua("2", recargar)).toBe(true);
    expect(recargarPorVersionAntigua("2", recargar)).toBe(false);
    expect(recargar).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem("versionApiRecargada")).toBe("2");
    expect(recargarPorVersionAntigua("3", recargar)).toBe(true);
    expect(recargar).toHaveBeenCalledTimes(2);
  });

  it("otros errores no recargan", async () => {
    servidor(400, { error: "validacion", mensaje: "Hay datos que no son válidos.", detalles: [] });
    const alVersionAntigua = vi.fn();
    configurarApi({ alVersionAntigua });
    await expect(api.get("/socios")).rejects.toBeInstanceOf(ErrorHttp);
    expect(alVersionAntigua).not.toHaveBeenCalled();
  });
});
