import { beforeEach, describe, expect, it, vi } from "vitest";
import { comprobarVersion } from "./version-check";

function servidorCon(version: unknown) {
  return vi.fn(async () => new Response(JSON.stringify({ version }), { status: 200 }));
}

describe("comprobarVersion", () => {
  beforeEach(() => sessionStorage.clear());

  it("recarga cuando la versión publicada es otra y la pide sin caché", async () => {
    const obtener = servidorCon("2.0.0-b");
    const recargar = vi.fn();
    expect(await comprobarVersion({ versionActual: "1.0.0-a", obtener, recargar })).toBe(true);
    expect(recargar).toHaveBeenCalledTimes(1);
    const [url, init] = obtener.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("assets/config.json");
    expect(init.cache).toBe("no-store");
    expect((init.headers as Record<string, string>)["Cache-Control"]).toBe("no-cache");
    expect(sessionStorage.getItem("versionRecargada")).toBe("2.0.0-b");
  });

  it("no recarga dos veces por la misma versión", async () => {
    const recargar = vi.fn();
    const obtener = servidorCon("2.0.0-b");
    await comprobarVersion({ versionActual: "1.0.0-a", obtener, recargar });
    await comprobarVersion({ versionActual: "1.0.0-a", obtener, recargar });
    expect(recargar).toHaveBeenCalledTimes(1);
    await comprobarVersion({ versionActual: "1.0.0-a", obtener: servidorCon("3.0.0-c"), recargar });
    expect(recargar).toHaveBeenCalledTimes(2);
  });

  it("no recarga con la misma versión, sin versión o sin servidor", async () => {
    const recargar = vi.fn();
    await comprobarVersion({ versionActual: "1.0.0-a", obtener: servidorCon("1.0.0-a"), recargar });
    await comprobarVersion({ versionActual: "1.0.0-a", obtener: servidorCon(undefined), recargar });
    await comprobarVersion({
      versionActual: "1.0.0-a",
      obtener: vi.fn(async () => new Response("no", { status: 404 })),
      recargar,
    });
    await comprobarVersion({
      versionActual: "1.0.0-a",
      obtener: vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
      recargar,
    });
    expect(recargar).not.toHaveBeenCalled();
  });
});
