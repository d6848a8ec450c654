import { describe, expect, it } from "vitest";
import { esBicValido, esIbanValido, formatearIban, normalizarBic, normalizarIban } from "./iban";

describe("esIbanValido", () => {
  it.each([
    "ES9121000418450200051332",
    "ES91 2100 0418 4502 0005 1332",
    "es91 2100 0418 4502 0005 1332",
    "ES91-2100-0418-4502-0005-1332",
    "DE89370400440532013000",
  ])("acepta %j", (iban) => {
    expect(esIbanValido(iban)).toBe(true);
  });

  it.each([
    ["con dígitos de control incorrectos", "ES9121000418450200051333"],
    ["con un dígito cambiado", "ES9121000418450200051322"],
    ["demasiado corto", "ES912100041845020005133"],
    ["de país inexistente", "XX9121000418450200051332"],
    ["vacío", ""],
    ["con letras donde van números", "ES91210004184502000513AB"],
  ])("rechaza un IBAN %s", (_caso, iban) => {
    expect(esIbanValido(iban)).toBe(false);
  });
});

describe("normalizarIban y formatearIban", () => {
  it("quita espacios y guiones y pasa a mayúsculas", () => {
    expect(normalizarIban(" es91 2100\u00a00418-4502 0005 1332 ")).toBe("ES9121000418450200051332");
  });

  it("agrupa de cuatro en cuatro para mostrar", () => {
    expect(formatearIban("ES9121000418450200051332")).toBe("ES91 2100 0418 4502 0005 1332");
  });
});

describe("esBicValido", () => {
  it.each(["CAIXESBBXXX", "CAIXESBB", "bsabesbb", "BSAB ESBB"])("acepta %j", (bic) => {
    expect(esBicValido(bic)).toBe(true);
  });

  it.each(["CAIXESB", "CAIXESBBXX", "1AIXESBB", "CAIX12BB", ""])("rechaza %j", (bic) => {
    expect(esBicValido(bic)).toBe(false);
  });

  it("normaliza a mayúsculas sin espacios", () => {
    expect(normalizarBic(" caix esbb xxx ")).toBe("CAIXESBBXXX");
  });
});
