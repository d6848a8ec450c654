import { describe, expect, it } from "vitest";
import { InscripcionCambioSchema, InscripcionEntradaSchema } from "./inscripcion.schema";
import {
  conceptoInscripcion,
  hayPlazas,
  importeInscripcion,
  motivoCierre,
  plazasLibres,
  precioParaTipo,
  rechazoCambioInscripcion,
  rechazoInscripcion,
} from "./reglas";

const acto = {
  fecha: "2026-12-20",
  fechaMaximaInscripcion: "2026-12-15",
  cancelado: false,
  esInterno: false,
  invitadosMax: 2,
  menus: ["Carne", "Pescado"],
};
const peticion = {
  acto,
  hoy: "2026-12-01",
  esAdministrador: false,
  esSocio: true,
  invitados: 1,
  menu: "Carne",
};

describe("precios e importes", () => {
  it("toma el precio del tipo del socio, o 0 si no hay fila o no tiene tipo", () => {
    const precios = [
      { idTipoSocio: 1, precioCentimos: 3550 },
      { idTipoSocio: 2, precioCentimos: 1000 },
    ];
    expect(precioParaTipo(precios, 1)).toBe(3550);
    expect(precioParaTipo(precios, 2)).toBe(1000);
    expect(precioParaTipo(precios, 3)).toBe(0);
    expect(precioParaTipo(precios, null)).toBe(0);
  });

  it("suma invitados al precio de invitado, en céntimos exactos", () => {
    expect(importeInscripcion(3550, 2, 1999)).toBe(7548);
    expect(importeInscripcion(0, 0, 1999)).toBe(0);
    expect(() => importeInscripcion(10.5, 0, 0)).toThrow(RangeError);
    expect(() => importeInscripcion(100, -1, 0)).toThrow(RangeError);
  });

  it("redacta el concepto con los invitados", () => {
    expect(conceptoInscripcion("Cena", 0)).toBe("Cena");
    expect(conceptoInscripcion("Cena", 1)).toBe("Cena + 1 invitado");
    expect(conceptoInscripcion("Cena", 3)).toBe("Cena + 3 invitados");
  });

  it("calcula plazas libres y si caben más", () => {
    expect(plazasLibres(null, 10)).toBeNull();
    expect(plazasLibres(30, 12)).toBe(18);
    expect(plazasLibres(30, 31)).toBe(0);
    expect(hayPlazas(null, 1000, 5)).toBe(true);
    expect(hayPlazas(30, 28, 2)).toBe(true);
    expect(hayPlazas(30, 29, 2)).toBe(false);
  });
});

describe("motivoCierre", () => {
  it("abre hasta la fecha máxima incluida, o hasta el día del acto si no hay", () => {
    expect(motivoCierre(acto, "2026-12-15")).toBeNull();
    expect(motivoCierre(acto, "2026-12-16")).toBe("cerrada");
    expect(motivoCierre({ ...acto, fechaMaximaInscripcion: null }, "2026-12-20")).toBeNull();
    expect(motivoCierre(acto, "2026-12-21")).toBe("celebrado");
    expect(motivoCierre({ ...acto, cancelado: true }, "2026-12-01")).toBe("cancelado");
  });
});

describe("rechazoInscripcion", () => {
  it("acepta una petición correcta", () => {
    expect(rechazoInscripcion(peticion)).toBeNull();
  });

  it("explica cada rechazo en español", () => {
    expect(rechazoInscripcion({ ...peticion, acto: { ...acto, cancelado: true } })).toEqual({
      codigo: "conflicto",
      mensaje: "El acto está cancelado",
    });
    expect(
      rechazoInscripcion({ ...peticion, esSocio: false, acto: { ...acto, esInterno: true } }),
    ).toEqual({ codigo: "prohibido", mensaje: "Este acto es solo para socios" });
    expect(rechazoInscripcion({ ...peticion, hoy: "2026-12-16" })).toEqual({
      codigo: "conflicto",
      mensaje: "La inscripción está cerrada",
    });
    expect(rechazoInscripcion({ ...peticion, invitados: 3 })?.mensaje).toBe(
      "Como mucho 2 invitados por socio",
    );
    expect(
      rechazoInscripcion({ ...peticion, invitados: 1, acto: { ...acto, invitadosMax: 0 } })
        ?.mensaje,
    ).toBe("Este acto no admite invitados");
    expect(rechazoInscripcion({ ...peticion, menu: "Vegano" })).toEqual({
      codigo: "validacion",
      campo: "menu",
      mensaje: "Elige uno de estos menús: Carne, Pescado",
    });
    expect(rechazoInscripcion({ ...peticion, menu: "" })?.mensaje).toBe("Elige un menú");
    expect(
      rechazoInscripcion({ ...peticion, acto: { ...acto, menus: [] }, menu: "Carne" })?.mensaje,
    ).toBe("Este acto no tiene menús para elegir");
  });

  it("los administradores inscriben fuera de plazo y en actos internos, no en cancelados", () => {
    const admin = { ...peticion, esAdministrador: true, esSocio: false, hoy: "2027-01-01" };
    expect(rechazoInscripcion({ ...admin, acto: { ...acto, esInterno: true } })).toBeNull();
    expect(rechazoInscripcion({ ...admin, acto: { ...acto, cancelado: true } })?.mensaje).toBe(
      "El acto está cancelado",
    );
  });
});

describe("InscripcionEntradaSchema", () => {
  it("completa los defectos y valida", () => {
    expect(InscripcionEntradaSchema.parse({ idSocio: 4 })).toEqual({
      idSocio: 4,
      invitados: 0,
      menu: "",
      alergias: "",
      dietas: [],
      acompanantes: [],
      sentarCon: [],
    });
    expect(InscripcionEntradaSchema.safeParse({ idSocio: 0 }).error?.issues[0]?.message).toBe(
      "Elige un socio válido",
    );
    expect(
      InscripcionEntradaSchema.safeParse({ idSocio: 1, invitados: -1 }).error?.issues[0]?.message,
    ).toBe("Los invitados no pueden ser negativos");
  });
});

describe("rechazoCambioInscripcion", () => {
  const base = { acto, hoy: "2026-12-01", esAdministrador: false };
  it("solo comprueba lo que cambia: alergias sin menú elegido es válido", () => {
    expect(rechazoCambioInscripcion(base)).toBeNull();
    expect(rechazoCambioInscripcion({ ...base, menu: "Pescado", invitados: 2 })).toBeNull();
  });
  it("aplica el plazo, los invitados y los menús del acto", () => {
    expect(rechazoCambioInscripcion({ ...base, hoy: "2026-12-16" })?.mensaje).toBe(
      "La inscripción está cerrada",
    );
    expect(rechazoCambioInscripcion({ ...base, invitados: 3 })).toMatchObject({
      codigo: "validacion",
      campo: "invitados",
    });
    expect(rechazoCambioInscripcion({ ...base, menu: "" })?.mensaje).toBe("Elige un menú");
    expect(rechazoCambioInscripcion({ ...base, menu: "Paella" })?.campo).toBe("menu");
  });
  it("el administrador cambia fuera de plazo, pero no en un acto cancelado", () => {
    const admin = { ...base, hoy: "2026-12-30", esAdministrador: true };
    expect(rechazoCambioInscripcion(admin)).toBeNull();
    expect(
      rechazoCambioInscripcion({ ...admin, acto: { ...acto, cancelado: true } })?.mensaje,
    ).toBe("El acto está cancelado");
  });
});

describe("InscripcionCambioSchema", () => {
  it("exige al menos un campo y limpia espacios", () => {
    expect(InscripcionCambioSchema.safeParse({}).success).toBe(false);
    expect(InscripcionCambioSchema.parse({ alergias: "  Gluten " })).toEqual({
      alergias: "Gluten",
    });
    expect(InscripcionCambioSchema.safeParse({ invitados: 1.5 }).success).toBe(false);
  });
});
