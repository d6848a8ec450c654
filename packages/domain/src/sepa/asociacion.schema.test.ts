import { describe, expect, it } from "vitest";
import { AsociacionEntradaSchema } from "./asociacion.schema";

const valida = {
  nombre: "Filà Demo",
  cif: "g12345674",
  iban: "es91 2100 0418 4502 0005 1332",
  bic: "caixesbbxxx",
};

describe("AsociacionEntradaSchema", () => {
  it("normaliza CIF, IBAN y BIC y pone el sufijo 000 por defecto", () => {
    const r = AsociacionEntradaSchema.parse(valida);
    expect(r).toMatchObject({
      cif: "G12345674",
      iban: "ES9121000418450200051332",
      bic: "CAIXESBBXXX",
      sufijoAcreedor: "000",
      codPostal: "",
    });
  });

  it("rechaza CIF, IBAN, BIC, sufijo y código postal no válidos con mensajes en castellano", () => {
    const r = AsociacionEntradaSchema.safeParse({
      ...valida,
      cif: "G12345670",
      iban: "ES0000000000000000000000",
      bic: "XX",
      sufijoAcreedor: "0000",
      codPostal: "4680",
    });
    expect(r.success).toBe(false);
    const campos = Object.fromEntries(
      (r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]),
    );
    expect(campos).toEqual({
      cif: "Introduce un CIF o NIF válido",
      iban: "Introduce un IBAN válido",
      bic: "Introduce un BIC válido (8 u 11 caracteres)",
      sufijoAcreedor: "El sufijo son 3 letras o números (normalmente 000)",
      codPostal: "El código postal tiene 5 dígitos",
    });
  });
});
