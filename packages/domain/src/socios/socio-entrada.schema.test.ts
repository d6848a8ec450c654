import { describe, expect, it } from "vitest";
import { hoyIso } from "./edad";
import {
  SocioCambiosSchema,
  SocioEntradaSchema,
  SocioPropioCambiosSchema,
} from "./socio-entrada.schema";

const base = { nombre: "Vicent", apellidos: "Martínez Soler" };

function errores(datos: unknown) {
  const r = SocioEntradaSchema.safeParse(datos);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("SocioEntradaSchema", () => {
  it("aplica los valores por defecto de SPEC §3", () => {
    const s = SocioEntradaSchema.parse(base);
    expect(s).toMatchObject({
      pagarDerrama: "si",
      tipoDerrama: "no aplica",
      ramell: "si",
      tipoPagoRamell: "completo",
      sexo: "hombre",
      tipoPago: "anual",
      activo: true,
      tipo: null,
      matricula: null,
    });
  });

  it("exige nombre y apellidos", () => {
    expect(errores({ nombre: " ", apellidos: "" })).toMatchObject({
      nombre: "El nombre es obligatorio",
      apellidos: "Los apellidos son obligatorios",
    });
    expect(errores({})).toMatchObject({ nombre: "El nombre es obligatorio" });
  });

  it("rechaza un NIF con letra incorrecta y acepta un NIE válido", () => {
    expect(errores({ ...base, nif: "12345678A" })).toEqual({ nif: "El NIF o NIE no es válido" });
    expect(SocioEntradaSchema.parse({ ...base, nif: "x1234567l" }).nif).toBe("X1234567L");
  });

  it("comprueba el IBAN y el BIC cuando se dan", () => {
    expect(errores({ ...base, iban: "ES9121000418450200051333" })).toEqual({
      iban: "El IBAN no es válido",
    });
    expect(errores({ ...base, bic: "XX" })).toEqual({ bic: "El BIC no es válido" });
    expect(
      SocioEntradaSchema.parse({ ...base, iban: "es91 2100 0418 4502 0005 1332", bic: "" }).iban,
    ).toBe("ES9121000418450200051332");
  });

  it("comprueba el formato del correo", () => {
    expect(errores({ ...base, email: "no-es-correo" })).toEqual({
      email: "Introduce un correo electrónico válido",
    });
  });

  it("rechaza fechas que no existen y nacimientos en el futuro", () => {
    expect(errores({ ...base, fechaAlta: "2023-02-29" })).toHaveProperty("fechaAlta");
    expect(errores({ ...base, fechaNacimiento: "2026-13-01" })).toHaveProperty("fechaNacimiento");
    const manyana = new Date(`${hoyIso()}T12:00:00Z`);
    manyana.setUTCDate(manyana.getUTCDate() + 1);
    expect(errores({ ...base, fechaNacimiento: manyana.toISOString().slice(0, 10) })).toEqual({
      fechaNacimiento: "La fecha de nacimiento no puede ser futura",
    });
    expect(errores({ ...base, fechaNacimiento: hoyIso(), fechaAlta: "2024-02-29" })).toEqual({});
  });

  it("rechaza números negativos y exige números en los pagos del ramell", () => {
    expect(errores({ ...base, numDamas: -1, edadFestera: -2 })).toEqual({
      numDamas: "No puede ser negativo",
      edadFestera: "No puede ser negativo",
    });
    expect(errores({ ...base, ramellPago3: "diez" })).toEqual({
      ramellPago3: "Introduce un importe válido",
    });
    expect(errores({ ...base, importeDerrama: 10.005 })).toEqual({
      importeDerrama: "El importe no puede tener más de dos decimales",
    });
    expect(errores({ ...base, importeDerrama: -5 })).toEqual({
      importeDerrama: "El importe no puede ser negativo",
    });
  });

  it("solo admite las opciones de cada lista", () => {
    const e = errores({
      ...base,
      sexo: "otro",
      pagarDerrama: "quizá",
      tipoDerrama: "x",
      ramell: "x",
      tipoPagoRamell: "x",
      tipoPago: "diario",
    });
    expect(Object.keys(e).sort()).toEqual(
      ["pagarDerrama", "ramell", "sexo", "tipoDerrama", "tipoPago", "tipoPagoRamell"].sort(),
    );
    expect(e.tipoPago).toBe("Elige una de estas opciones: anual, semestral, trimestral, mensual");
  });
});

describe("SocioCambiosSchema", () => {
  it("no rellena con valores por defecto lo que no se envía", () => {
    expect(SocioCambiosSchema.parse({ telefono: "600000000" })).toEqual({ telefono: "600000000" });
  });
});

describe("SocioPropioCambiosSchema", () => {
  it("descarta cualquier campo que no sea de contacto o banco", () => {
    expect(
      SocioPropioCambiosSchema.parse({
        email: "A@B.ES",
        activo: false,
        tipo: 3,
        rol: "administrador",
      }),
    ).toEqual({ email: "a@b.es" });
  });
});
