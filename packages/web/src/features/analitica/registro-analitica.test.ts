import { type LoteAnalitica, RUTAS_ANALITICA } from "@fila/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rutas } from "../../app/router";
import {
  ESPERA_LOTE_MS,
  pideNoRastrear,
  RegistroAnalitica,
  rutaDeAnalitica,
  vaciarAlOcultar,
} from "./registro-analitica";

describe("rutaDeAnalitica", () => {
  it("da el patrón de la ruta, sin query ni identificadores", () => {
    expect(rutaDeAnalitica("/socio-home")).toBe("/socio-home");
    expect(rutaDeAnalitica("/socios/ficha/0")).toBe("/socios/ficha/:id");
    expect(rutaDeAnalitica("/socios/ficha/1234/")).toBe("/socios/ficha/:id");
    expect(rutaDeAnalitica("/listado-inscritos?acto=41")).toBe("/listado-inscritos");
    expect(rutaDeAnalitica("/pago-online/000000000012")).toBe("/pago-online/:numero");
    expect(rutaDeAnalitica("/participacion/cDE6Nzo0Mg.AbC-d_E")).toBe("/participacion/:codigo");
    expect(rutaDeAnalitica("")).toBe("/");
    expect(rutaDeAnalitica("/")).toBe("/");
  });

  it("la lista de rutas que la API admite es la del router", () => {
    const delRouter = (rutas[0].children ?? [])
      .filter((r) => r.path !== "*")
      .map((r) => (r.index ? "/" : `/${r.path}`));
    expect(new Set(delRouter)).toEqual(new Set(RUTAS_ANALITICA));
    for (const ruta of delRouter) {
      expect(rutaDeAnalitica(ruta.replace(":id", "7")), ruta).toBe(ruta);
    }
  });

  it("no da nada para una página que no existe", () => {
    expect(rutaDeAnalitica("/no-existe")).toBeNull();
    expect(rutaDeAnalitica("/socios/12")).toBeNull();
  });
});

describe("pideNoRastrear", () => {
  it("mira Do Not Track y el Control Global de Privacidad", () => {
    expect(pideNoRastrear({ doNotTrack: "1" } as Navigator)).toBe(true);
    expect(pideNoRastrear({ doNotTrack: null, globalPrivacyControl: true } as never)).toBe(true);
    expect(pideNoRastrear({ doNotTrack: "0" } as Navigator)).toBe(false);
  });
});

describe("RegistroAnalitica", () => {
  let envios: LoteAnalitica[];
  let registro: RegistroAnalitica;
  const enviar = (url: string, lote: LoteAnalitica) => {
    expect(url).toBe("/api/analitica");
    envios.push(lote);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    envios = [];
    registro = new RegistroAnalitica(enviar, () => true);
  });
  afterEach(() => vi.useRealTimers());

  it("junta vistas y eventos en un lote que sale a los pocos segundos", () => {
    registro.vista("/login");
    registro.vista("/socio-home");
    registro.evento("recibo_descargado");
    expect(envios).toEqual([]);
    vi.advanceTimersByTime(ESPERA_LOTE_MS);
    expect(envios).toEqual([{ vistas: ["/login", "/socio-home"], eventos: ["recibo_descargado"] }]);
    vi.advanceTimersByTime(ESPERA_LOTE_MS * 2);
    expect(envios).toHaveLength(1);
  });

  it("al ocultarse la página manda lo pendiente en el momento", () => {
    const quitar = vaciarAlOcultar(registro);
    registro.vista("/misactos");
    const visibilidad = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    document.dispatchEvent(new Event("visibilitychange"));
    expect(envios).toEqual([{ vistas: ["/misactos"], eventos: [] }]);
    registro.vista("/mispagos");
    window.dispatchEvent(new Event("pagehide"));
    expect(envios).toHaveLength(2);
    visibilidad.mockRestore();
    quitar();
  });

  it("nunca manda más de lo que la API admite en un envío", () => {
    for (let i = 0; i < 120; i++) registro.vista("/inicio");
    // Every 50 views a batch leaves at once; the rest waits for the timer.
    expect(envios.map((l) => l.vistas.length)).toEqual([50, 50]);
    vi.advanceTimersByTime(ESPERA_LOTE_MS);
    expect(envios.map((l) => l.vistas.length)).toEqual([50, 50, 20]);
  });

  it("si el navegador pide no ser rastreado no guarda ni manda nada", () => {
    const sinRastreo = new RegistroAnalitica(enviar, () => false);
    sinRastreo.vista("/inicio");
    sinRastreo.evento("app_instalada");
    sinRastreo.vaciar();
    vi.advanceTimersByTime(ESPERA_LOTE_MS);
    expect(envios).toEqual([]);
  });

  it("sin sendBeacon (fuera de un navegador) no cuenta nada", () => {
    expect(typeof navigator.sendBeacon).toBe("undefined");
    const porDefecto = new RegistroAnalitica(enviar);
    porDefecto.vista("/inicio");
    porDefecto.vaciar();
    expect(envios).toEqual([]);
  });

  it("por defecto usa sendBeacon con un cuerpo JSON", async () => {
    const beacon = vi.fn((_url: string, _cuerpo: Blob) => true);
    Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true });
    const real = new RegistroAnalitica(undefined, () => true);
    real.vista("/alertas");
    real.vaciar();
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, cuerpo] = beacon.mock.calls[0];
    expect(url).toBe("/api/analitica");
    expect(cuerpo.type).toBe("application/json");
    expect(JSON.parse(await cuerpo.text())).toEqual({ vistas: ["/alertas"], eventos: [] });
    Reflect.deleteProperty(navigator, "sendBeacon");
  });
});
