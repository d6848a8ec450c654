import { describe, expect, it } from "vitest";
import { PASSWORD_MAX, PASSWORD_MIN, validarPassword } from "./password";
import { PASSWORDS_COMUNES } from "./passwords-comunes";

describe("validarPassword", () => {
  it("rechaza una contraseña de 7 caracteres", () => {
    expect(validarPassword("abcdxy7")).toBe("La contraseña debe tener al menos 8 caracteres");
  });

  it("acepta una contraseña de 8 caracteres que no es común", () => {
    expect(validarPassword("fila-2k7")).toBeNull();
  });

  it("acepta 128 caracteres y rechaza 129", () => {
    expect(validarPassword("x9".repeat(64))).toBeNull();
    expect(validarPassword(`${"x9".repeat(64)}z`)).toBe(
      "La contraseña no puede tener más de 128 caracteres",
    );
  });

  it("cuenta los caracteres por puntos de código, no por unidades UTF-16", () => {
    expect(validarPassword("🎉🎉🎉🎉🎉🎉🎉")).toBe(
      "La contraseña debe tener al menos 8 caracteres",
    );
    expect(validarPassword("🎉🎉🎉🎉🎉🎉🎉🎉")).toBeNull();
    expect(validarPassword("🎉".repeat(128))).toBeNull();
    expect(validarPassword("🎉".repeat(129))).not.toBeNull();
  });

  it.each([
    "password",
    "12345678",
    "123456789",
    "qwertyuiop",
    "iloveyou",
    "password1",
    "11111111",
    "contraseña",
    "contrasena",
    "123456789a",
    "barcelona",
    "realmadrid",
    "valencia1",
  ])("rechaza la contraseña común %j", (p) => {
    expect(validarPassword(p)).toBe("Esa contraseña es demasiado común; elige otra");
  });

  it("reconoce las contraseñas comunes sin distinguir mayúsculas", () => {
    expect(validarPassword("PassWord1")).toBe("Esa contraseña es demasiado común; elige otra");
    expect(validarPassword("CONTRASEÑA")).toBe("Esa contraseña es demasiado común; elige otra");
  });

  it("reconoce «contraseña» escrita con la ñ descompuesta", () => {
    expect(validarPassword("contrasen\u0303a")).toBe(
      "Esa contraseña es demasiado común; elige otra",
    );
  });

  it("no exige mayúsculas, números ni símbolos", () => {
    expect(validarPassword("caballo grapa bateria correcta")).toBeNull();
  });

  it("comprueba la longitud antes que la lista de comunes", () => {
    expect(validarPassword("123456")).toBe("La contraseña debe tener al menos 8 caracteres");
  });
});

describe("PASSWORDS_COMUNES", () => {
  it("tiene al menos mil contraseñas, todas de 8 o más caracteres y en minúsculas", () => {
    expect(PASSWORDS_COMUNES.size).toBeGreaterThanOrEqual(1000);
    for (const p of PASSWORDS_COMUNES) {
      expect([...p].length).toBeGreaterThanOrEqual(PASSWORD_MIN);
      expect([...p].length).toBeLessThanOrEqual(PASSWORD_MAX);
      expect(p).toBe(p.toLowerCase().trim());
    }
  });
});
