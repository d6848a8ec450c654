import { CAMPOS_IMPORTACION } from "@fila/domain";
import { describe, expect, it } from "vitest";
import { claveCabecera } from "./socios-io.cabeceras.js";
import { COLUMNAS, campoDeCabecera } from "./socios-io.columnas.js";

describe("cabeceras reconocidas", () => {
  it.each([
    ["Fecha nacimiento", "fechaNacimiento"],
    ["F. nac.", "fechaNacimiento"],
    ["F.NAC", "fechaNacimiento"],
    ["Nacimiento", "fechaNacimiento"],
    ["Fecha de nacimiento (dd/mm/aaaa)", "fechaNacimiento"],
    ["Año alta", "anyoAlta"],
    ["AÑO  ALTA", "anyoAlta"],
    ["Alta", "anyoAlta"],
    ["Año de ingreso", "anyoAlta"],
    ["Nº", "matricula"],
    ["Núm.", "matricula"],
    ["Número de socio", "matricula"],
    ["Socio nº", "matricula"],
    ["MATRICULA", "matricula"],
    ["Móvil", "telefono"],
    ["Tel.", "telefono"],
    ["Teléfono", "telefono"],
    ["C.P.", "codPostal"],
    ["CP", "codPostal"],
    ["c p", "codPostal"],
    ["Domicilio", "direccion"],
    ["Localidad", "poblacion"],
    ["Municipio", "poblacion"],
    ["Cuenta", "iban"],
    ["Cuenta bancaria", "iban"],
    ["IBAN", "iban"],
    ["DNI/NIF", "nif"],
    ["DNI", "nif"],
    ["Correo", "email"],
    ["E-mail", "email"],
    ["email", "email"],
    ["Tipo", "tipo"],
    ["Pagador (matrícula)", "matriculaPagador"],
  ])("«%s» va a %s", (cabecera, campo) => {
    expect(campoDeCabecera(cabecera)).toBe(campo);
  });

  it("reconoce las cabeceras de la propia exportación y el nombre de cada campo", () => {
    for (const c of COLUMNAS) {
      expect(campoDeCabecera(c.cabecera)).toBe(c.campo);
      expect(campoDeCabecera(c.campo)).toBe(c.campo);
    }
    expect(COLUMNAS.map((c) => c.campo)).toEqual([...CAMPOS_IMPORTACION]);
  });

  it("no reconoce lo que no es de ningún campo", () => {
    expect(campoDeCabecera("Talla de camiseta")).toBeNull();
    expect(campoDeCabecera("")).toBeNull();
  });

  it("compara sin tildes, mayúsculas, puntos, espacios ni notas entre paréntesis", () => {
    expect(claveCabecera(" F. Nac. (dd/mm/aaaa) ")).toBe("fnac");
    expect(claveCabecera("Nº")).toBe("no");
    expect(claveCabecera("Año")).toBe("ano");
    expect(claveCabecera("DNI / NIF")).toBe("dni/nif");
  });
});
