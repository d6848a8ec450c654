import { describe, expect, it } from "vitest";
import { errorDe } from "../../test/error-lanzado.js";
import { pain002 } from "../../test/xsd-sepa.js";
import { leerPain002 } from "./pain002.js";

describe("leerPain002", () => {
  it("devuelve los rechazados con su motivo e ignora los aceptados", () => {
    const xml = pain002([
      { e2e: "R1-10", estado: "RJCT", motivo: "AM04" },
      { e2e: "R1-11", estado: "ACCP" },
      { e2e: "R1-12", estado: "RJCT", motivo: "MD06" },
    ]);
    expect(leerPain002(Buffer.from(xml))).toEqual([
      { endToEndId: "R1-10", motivo: "AM04" },
      { endToEndId: "R1-12", motivo: "MD06" },
    ]);
  });

  it("admite también la versión pain.002.001.02 y prefijos de espacio de nombres", () => {
    const xml = pain002([{ e2e: "R1-10", estado: "RJCT", motivo: "AC04" }], "02")
      .replaceAll("<", "<p:")
      .replaceAll("<p:/", "</p:")
      .replace("<p:?xml", "<?xml")
      .replace('xmlns="', 'xmlns:p="');
    expect(leerPain002(xml)).toEqual([{ endToEndId: "R1-10", motivo: "AC04" }]);
  });

  it("un fichero mal formado, que no es un pain.002 o un rechazo sin motivo dan 400 en castellano", () => {
    for (const xml of [
      "esto no es xml <",
      "<Document><Otra/></Document>",
      '<?xml version="1.0"?><Document><CstmrPmtStsRpt><GrpHdr/></CstmrPmtStsRpt></Document>',
      pain002([{ e2e: "R1-10", estado: "RJCT" }]),
    ]) {
      const e = errorDe(() => leerPain002(xml));
      expect(e.status).toBe(400);
      expect(e.mensaje).toBe("El fichero de devoluciones no es un pain.002 válido");
    }
  });
});
