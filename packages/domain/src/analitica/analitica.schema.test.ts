import { describe, expect, it } from "vitest";
import { claseDeDispositivo, esRobot, LoteAnaliticaSchema } from "./analitica.schema";

const UA = {
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  android:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
  tabletaAndroid:
    "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  ipad: "Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1",
  windows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};

describe("analítica", () => {
  it("clasifica el dispositivo por el User-Agent", () => {
    expect(claseDeDispositivo(UA.iphone)).toBe("movil");
    expect(claseDeDispositivo(UA.android)).toBe("movil");
    expect(claseDeDispositivo(UA.tabletaAndroid)).toBe("tableta");
    expect(claseDeDispositivo(UA.ipad)).toBe("tableta");
    expect(claseDeDispositivo(UA.windows)).toBe("ordenador");
  });

  it("reconoce a los robots que se anuncian y a quien no manda User-Agent", () => {
    expect(esRobot(UA.googlebot)).toBe(true);
    expect(esRobot("curl/8.5.0")).toBe(true);
    expect(esRobot("")).toBe(true);
    expect(esRobot(UA.windows)).toBe(false);
    expect(esRobot(UA.iphone)).toBe(false);
  });

  it("el lote solo admite rutas y eventos conocidos, sin query", () => {
    expect(LoteAnaliticaSchema.parse({ vistas: ["/socios/ficha/:id"] })).toEqual({
      vistas: ["/socios/ficha/:id"],
      eventos: [],
    });
    expect(LoteAnaliticaSchema.safeParse({ vistas: ["/socios?q=pep"] }).success).toBe(false);
    expect(LoteAnaliticaSchema.safeParse({ vistas: ["/inventada"] }).success).toBe(false);
    expect(LoteAnaliticaSchema.safeParse({ eventos: ["otro"] }).success).toBe(false);
    expect(LoteAnaliticaSchema.safeParse({ vistas: Array(51).fill("/inicio") }).success).toBe(
      false,
    );
  });
});
