import { afterEach, describe, expect, it, vi } from "vitest";
import { estaSinConexion, marcarConexionApi } from "./conexion";

afterEach(() => {
  vi.restoreAllMocks();
  marcarConexionApi(true);
});

describe("estado de conexión", () => {
  it("pasa a sin conexión cuando el navegador lo dice o cuando la API no responde", () => {
    expect(estaSinConexion()).toBe(false);
    marcarConexionApi(false);
    expect(estaSinConexion()).toBe(true);
    marcarConexionApi(true);
    expect(estaSinConexion()).toBe(false);
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    expect(estaSinConexion()).toBe(true);
  });

  it("al volver la red confía otra vez en la API", () => {
    marcarConexionApi(false);
    window.dispatchEvent(new Event("online"));
    expect(estaSinConexion()).toBe(false);
  });
});
