import { MOTIVOS_CIERRE } from "@fila/domain";
import { describe, expect, it } from "vitest";
import es from "../../../public/assets/i18n/es.json";
import va from "../../../public/assets/i18n/va.json";
import { cargarTextos, t } from "../../lib/i18n";
import { puedeMarcarAsistencia, textoCierre } from "./formato-actos";

describe("puedeMarcarAsistencia", () => {
  it("solo desde el día del acto", () => {
    expect(puedeMarcarAsistencia("2026-11-25", "2026-11-24")).toBe(false);
    expect(puedeMarcarAsistencia("2026-11-25", "2026-11-25")).toBe(true);
    expect(puedeMarcarAsistencia("2026-11-25", "2027-01-01")).toBe(true);
  });
});

describe("textoCierre", () => {
  it("dice el motivo que manda la API (un código) en el idioma de quien lee", () => {
    cargarTextos(va, "va");
    expect(textoCierre("celebrado", t)).toBe("L'acte ja s'ha celebrat");
    expect(textoCierre("cancelado", t)).toBe("L'acte està cancel·lat");
    expect(textoCierre(null, t)).toBe("La inscripció està tancada");
    cargarTextos(es, "es");
    expect(textoCierre("cerrada", t)).toBe("La inscripción está cerrada");
    for (const motivo of MOTIVOS_CIERRE) {
      for (const [idioma, textos] of [
        ["es", es],
        ["va", va],
      ] as const) {
        cargarTextos(textos, idioma);
        expect(textoCierre(motivo, t), `${idioma} ${motivo}`).not.toContain("motivoCierre");
      }
    }
  });
});
