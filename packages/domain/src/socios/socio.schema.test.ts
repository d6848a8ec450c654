import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  SEXOS,
  SocioSchema,
  socioPorDefecto,
  TIPOS_DERRAMA,
  TIPOS_PAGO,
  TIPOS_PAGO_RAMELL,
  TipoSocioSchema,
} from "./socio.schema";

const CAMPOS_SPEC = [
  "id",
  "nombre",
  "apellidos",
  "direccion",
  "poblacion",
  "telefono",
  "email",
  "fechaNacimiento",
  "nif",
  "anyoAlta",
  "tipo",
  "tipoPago",
  "idFormaPago",
  "fechaAlta",
  "activo",
  "provincia",
  "codPostal",
  "matricula",
  "idPagador",
  "pagarDerrama",
  "tipoDerrama",
  "anyoDerrama",
  "importeDerrama",
  "anyosPagoDerrama",
  "derramaAnual",
  "derramaPagada",
  "derramaPendiente",
  "idPareja",
  "nombreYerno",
  "ramell",
  "tipoPagoRamell",
  "anyoRamell",
  "ramellPago1",
  "ramellPago2",
  "ramellPago3",
  "ramellPago4",
  "ramellPago5",
  "sexo",
  "comentarios",
  "iban",
  "bic",
  "mandatoId",
  "mandatoFecha",
  "idPadre",
  "numDamas",
  "edadFestera",
  "imagen",
];

const mensajes = (resultado: { error?: { issues: { message: string }[] } }) =>
  resultado.error?.issues.map((issue) => issue.message) ?? [];

describe("SocioSchema", () => {
  it("tiene todos los campos de la especificación en su orden, más la baja", () => {
    expect(Object.keys(SocioSchema.shape)).toEqual([...CAMPOS_SPEC, "fechaBaja", "motivoBaja"]);
  });

  it("aplica los valores por defecto de la especificación", () => {
    const socio = SocioSchema.parse({ id: 1, nombre: "A", apellidos: "B" });
    expect(socio).toMatchObject({
      id: 1,
      nombre: "A",
      apellidos: "B",
      pagarDerrama: "si",
      tipoDerrama: "no aplica",
      ramell: "si",
      tipoPagoRamell: "completo",
      sexo: "hombre",
      tipoPago: "anual",
      activo: true,
    });
  });

  it("deja los textos vacíos, los números a cero y las referencias y fechas a null", () => {
    expect(socioPorDefecto()).toEqual({
      id: 0,
      nombre: "",
      apellidos: "",
      direccion: "",
      poblacion: "",
      telefono: "",
      email: "",
      fechaNacimiento: null,
      nif: "",
      anyoAlta: 0,
      tipo: null,
      tipoPago: "anual",
      idFormaPago: null,
      fechaAlta: null,
      activo: true,
      provincia: "",
      codPostal: "",
      matricula: 0,
      idPagador: null,
      pagarDerrama: "si",
      tipoDerrama: "no aplica",
      anyoDerrama: 0,
      importeDerrama: 0,
      anyosPagoDerrama: 0,
      derramaAnual: 0,
      derramaPagada: 0,
      derramaPendiente: 0,
      idPareja: null,
      nombreYerno: "",
      ramell: "si",
      tipoPagoRamell: "completo",
      anyoRamell: 0,
      ramellPago1: 0,
      ramellPago2: 0,
      ramellPago3: 0,
      ramellPago4: 0,
      ramellPago5: 0,
      sexo: "hombre",
      comentarios: "",
      iban: "",
      bic: "",
      mandatoId: "",
      mandatoFecha: null,
      idPadre: null,
      numDamas: 0,
      edadFestera: 0,
      imagen: null,
      fechaBaja: null,
      motivoBaja: "",
    });
  });

  it("expone las enumeraciones", () => {
    expect(TIPOS_PAGO).toEqual(["anual", "semestral", "trimestral", "mensual"]);
    expect(TIPOS_DERRAMA).toEqual(["no aplica", "completa", "reducida"]);
    expect(TIPOS_PAGO_RAMELL).toEqual(["completo", "fraccionado"]);
    expect(SEXOS).toEqual(["hombre", "mujer"]);
  });

  it("rechaza valores fuera de las enumeraciones", () => {
    for (const campo of [
      "pagarDerrama",
      "tipoDerrama",
      "ramell",
      "tipoPagoRamell",
      "sexo",
      "tipoPago",
    ]) {
      expect(SocioSchema.safeParse({ [campo]: "otro" }).success).toBe(false);
    }
  });

  it("normaliza el NIF a mayúsculas y rechaza uno con letra incorrecta", () => {
    expect(SocioSchema.parse({ nif: " 12345678z " }).nif).toBe("12345678Z");
    expect(SocioSchema.parse({ nif: "x1234567l" }).nif).toBe("X1234567L");
    expect(mensajes(SocioSchema.safeParse({ nif: "12345678A" }))).toEqual([
      "El NIF o NIE no es válido",
    ]);
  });

  it("guarda el IBAN sin espacios y rechaza uno incorrecto", () => {
    expect(SocioSchema.parse({ iban: "es91 2100 0418 4502 0005 1332" }).iban).toBe(
      "ES9121000418450200051332",
    );
    expect(mensajes(SocioSchema.safeParse({ iban: "ES9121000418450200051333" }))).toEqual([
      "El IBAN no es válido",
    ]);
    expect(SocioSchema.parse({ bic: "caixesbbxxx" }).bic).toBe("CAIXESBBXXX");
    expect(mensajes(SocioSchema.safeParse({ bic: "CAIX" }))).toEqual(["El BIC no es válido"]);
  });

  it("admite un correo vacío pero no uno mal escrito", () => {
    expect(SocioSchema.parse({ email: "  " }).email).toBe("");
    expect(SocioSchema.parse({ email: " Ana@Fila.es" }).email).toBe("ana@fila.es");
    expect(mensajes(SocioSchema.safeParse({ email: "ana@" }))).toEqual([
      "Introduce un correo electrónico válido",
    ]);
  });

  it("valida las fechas como AAAA-MM-DD reales", () => {
    expect(SocioSchema.parse({ fechaNacimiento: "2000-02-29" }).fechaNacimiento).toBe("2000-02-29");
    expect(SocioSchema.safeParse({ fechaNacimiento: "2001-02-29" }).success).toBe(false);
    expect(SocioSchema.safeParse({ fechaAlta: "01/02/2020" }).success).toBe(false);
    expect(SocioSchema.safeParse({ fechaBaja: "2024-01-01T00:00:00Z" }).success).toBe(false);
  });

  it("acepta importes en euros con dos decimales y rechaza más decimales", () => {
    expect(SocioSchema.parse({ importeDerrama: 1234.56 }).importeDerrama).toBe(1234.56);
    expect(SocioSchema.parse({ ramellPago3: 0.29 }).ramellPago3).toBe(0.29);
    expect(SocioSchema.safeParse({ importeDerrama: 10.005 }).success).toBe(false);
    expect(SocioSchema.safeParse({ importeDerrama: -1 }).success).toBe(false);
  });

  it("acepta un tipo de socio con su color y rechaza un color que no es #rrggbb", () => {
    const tipo = { id: 2, nombre: "Fester", descripcion: "", color: "#ffd43b" };
    expect(SocioSchema.parse({ tipo }).tipo).toEqual(tipo);
    expect(SocioSchema.safeParse({ tipo: { ...tipo, color: "amarillo" } }).success).toBe(false);
  });

  it("rechaza ids de referencia no positivos", () => {
    expect(SocioSchema.safeParse({ idPagador: 0 }).success).toBe(false);
    expect(SocioSchema.parse({ idPagador: 5 }).idPagador).toBe(5);
  });

  it("guarda la referencia del mandato SEPA y rechaza tildes o más de 35 caracteres", () => {
    expect(
      SocioSchema.parse({ mandatoId: " FILA-0042 ", mandatoFecha: "2024-03-01" }),
    ).toMatchObject({
      mandatoId: "FILA-0042",
      mandatoFecha: "2024-03-01",
    });
    expect(SocioSchema.safeParse({ mandatoId: "MANDATO-Ñ" }).success).toBe(false);
    expect(SocioSchema.safeParse({ mandatoId: "X".repeat(36) }).success).toBe(false);
    expect(SocioSchema.safeParse({ mandatoFecha: "01/03/2024" }).success).toBe(false);
  });

  it("se puede volver a serializar (z.encode) y convertir a JSON Schema", () => {
    const socio = SocioSchema.parse({
      nombre: "Ana",
      nif: "12345678Z",
      iban: "ES9121000418450200051332",
    });
    expect(z.encode(SocioSchema, socio)).toEqual(socio);
    expect(() => z.toJSONSchema(SocioSchema, { io: "input" })).not.toThrow();
    expect(() => z.toJSONSchema(SocioSchema, { io: "output" })).not.toThrow();
  });
});

describe("TipoSocioSchema", () => {
  it("da descripción vacía y el color azul por defecto", () => {
    expect(TipoSocioSchema.parse({ id: 1, nombre: "Infantil" })).toEqual({
      id: 1,
      nombre: "Infantil",
      descripcion: "",
      color: "#1971c2",
    });
  });

  it("exige el nombre", () => {
    expect(TipoSocioSchema.safeParse({ id: 1, nombre: "  " }).success).toBe(false);
  });
});
