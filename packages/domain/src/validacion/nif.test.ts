import { describe, expect, it } from "vitest";
import {
  esCifValido,
  esDocumentoValido,
  esNieValido,
  esNifValido,
  LETRAS_NIF,
  letraNif,
} from "./nif";

describe("letraNif", () => {
  it("calcula la letra como TRWAGMYFPDXBNJZSQVHLCKE[n mod 23]", () => {
    expect(letraNif(12345678)).toBe("Z");
    expect(letraNif(0)).toBe("T");
    expect(letraNif(22)).toBe("E");
    expect(letraNif(23)).toBe("T");
    expect(LETRAS_NIF).toBe("TRWAGMYFPDXBNJZSQVHLCKE");
  });

  it.each([-1, 1.5, 100_000_000, Number.NaN])("rechaza el número %s", (n) => {
    expect(() => letraNif(n)).toThrow(RangeError);
  });
});

describe("esNifValido", () => {
  it.each(["12345678Z", "00000000T", "02345678T", "99999999R"])("acepta %s", (nif) => {
    expect(esNifValido(nif)).toBe(true);
  });

  it("acepta la letra en minúscula", () => {
    expect(esNifValido("12345678z")).toBe(true);
  });

  it.each([
    ["con letra incorrecta", "12345678A"],
    ["con espacio delante", " 2345678T"],
    ["con espacio delante de un NIF correcto", " 12345678Z"],
    ["con espacio detrás", "12345678Z "],
    ["demasiado corto", "2345678T"],
    ["demasiado largo", "123456789Z"],
    ["sin letra", "12345678"],
    ["con guion", "12345678-Z"],
    ["con letras en el número", "1234567AZ"],
    ["vacío", ""],
    ["con salto de línea", "12345678Z\n"],
  ])("rechaza un NIF %s", (_caso, nif) => {
    expect(esNifValido(nif)).toBe(false);
  });
});

describe("esNieValido", () => {
  it.each(["X1234567L", "Y1234567X", "Z1234567R", "x1234567l"])("acepta %s", (nie) => {
    expect(esNieValido(nie)).toBe(true);
  });

  it.each([
    ["con letra incorrecta", "X1234567A"],
    ["con prefijo no válido", "W1234567L"],
    ["demasiado corto", "X123456L"],
    ["con espacio delante", " X1234567L"],
    ["con ocho dígitos", "X12345678L"],
  ])("rechaza un NIE %s", (_caso, nie) => {
    expect(esNieValido(nie)).toBe(false);
  });
});

describe("esDocumentoValido", () => {
  it("acepta un NIF o un NIE y nada más", () => {
    expect(esDocumentoValido("12345678Z")).toBe(true);
    expect(esDocumentoValido("X1234567L")).toBe(true);
    expect(esDocumentoValido("A58818501")).toBe(false);
    expect(esDocumentoValido(" 2345678T")).toBe(false);
    expect(esDocumentoValido("")).toBe(false);
  });
});

describe("esCifValido", () => {
  it.each([
    ["una sociedad anónima (dígito de control)", "A58818501"],
    ["un organismo público (letra de control)", "Q2826000H"],
    ["una asociación con dígito", "G12345674"],
    ["una asociación con la letra equivalente", "G1234567D"],
    ["en minúsculas", "a58818501"],
  ])("acepta %s", (_caso, cif) => {
    expect(esCifValido(cif)).toBe(true);
  });

  it.each([
    ["con control incorrecto", "A58818502"],
    ["de sociedad anónima con letra", "A5881850A"],
    ["de organismo público con dígito", "Q28260008"],
    ["con tipo de entidad inexistente", "I58818501"],
    ["con espacio delante", " A58818501"],
    ["demasiado corto", "A5881850"],
    ["que es un NIF de persona", "12345678Z"],
  ])("rechaza un CIF %s", (_caso, cif) => {
    expect(esCifValido(cif)).toBe(false);
  });
});
