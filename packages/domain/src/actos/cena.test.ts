import { describe, expect, it } from "vitest";
import {
  AcompananteSchema,
  aperturaPara,
  avisoPlazoDebido,
  CodigoMesaSchema,
  codigoMesa,
  comensalesDe,
  type InscripcionASentar,
  instanteDeMadrid,
  plazoPagoDesde,
  recuentoDietas,
  sentarAutomaticamente,
  type Turno,
  TurnosSchema,
  turnoCerradoHasta,
} from "./cena";

const VETERANOS: Turno = { desde: "2026-12-10T10:00", antiguedadMinima: 25 };
const CABOS: Turno = { desde: "2026-12-11T10:00", tipos: [3] };
const GENERAL: Turno = { desde: "2026-12-12T10:00" };
const TURNOS = [VETERANOS, CABOS, GENERAL];

describe("turnos", () => {
  it("la apertura general es la última, sin filtros, y ningún turno abre después", () => {
    expect(TurnosSchema.safeParse(TURNOS).success).toBe(true);
    expect(TurnosSchema.safeParse([]).success).toBe(true);
    expect(TurnosSchema.safeParse([VETERANOS]).success).toBe(false);
    expect(TurnosSchema.safeParse([GENERAL, VETERANOS]).success).toBe(false);
    expect(TurnosSchema.safeParse([GENERAL, GENERAL]).success).toBe(false);
    expect(
      TurnosSchema.safeParse([{ desde: "2026-12-13T10:00", tipos: [1] }, GENERAL]).success,
    ).toBe(false);
    expect(TurnosSchema.safeParse([{ ...GENERAL, otra: 1 }]).success).toBe(false);
    expect(TurnosSchema.safeParse([{ desde: "2026-12-12 10:00" }]).success).toBe(false);
  });

  it("las horas son de Madrid (invierno UTC+1, verano UTC+2)", () => {
    expect(instanteDeMadrid("2026-12-10T10:00").toISOString()).toBe("2026-12-10T09:00:00.000Z");
    expect(instanteDeMadrid("2026-07-10T10:00").toISOString()).toBe("2026-07-10T08:00:00.000Z");
    expect(instanteDeMadrid("2026-12-10T00:30").toISOString()).toBe("2026-12-09T23:30:00.000Z");
  });

  it("cada socio abre en el primero de sus turnos; la apertura general para todos", () => {
    const veterano = { idTipoSocio: 1, antiguedad: 30 };
    const cabo = { idTipoSocio: 3, antiguedad: 2 };
    const nuevo = { idTipoSocio: 1, antiguedad: 2 };
    expect(aperturaPara(TURNOS, veterano)).toBe("2026-12-10T09:00:00.000Z");
    expect(aperturaPara(TURNOS, cabo)).toBe("2026-12-11T09:00:00.000Z");
    expect(aperturaPara(TURNOS, nuevo)).toBe("2026-12-12T09:00:00.000Z");
    expect(aperturaPara([], nuevo)).toBeNull();
    // Grupos y cargos: cualquiera de la lista, y todos los filtros a la vez.
    const t: Turno = { desde: "2026-12-09T10:00", grupos: [7, 8], antiguedadMinima: 5 };
    expect(aperturaPara([t, GENERAL], { idTipoSocio: 1, antiguedad: 6, grupos: [8] })).toBe(
      "2026-12-09T09:00:00.000Z",
    );
    expect(aperturaPara([t, GENERAL], { idTipoSocio: 1, antiguedad: 4, grupos: [8] })).toBe(
      "2026-12-12T09:00:00.000Z",
    );
    expect(aperturaPara([t, GENERAL], { idTipoSocio: 1, antiguedad: 6 })).toBe(
      "2026-12-12T09:00:00.000Z",
    );
  });

  it("un segundo antes, cerrado con la hora; un segundo después, abierto; y sigue abierto", () => {
    const veterano = { idTipoSocio: 1, antiguedad: 25 };
    const abre = new Date("2026-12-10T09:00:00.000Z").getTime();
    expect(turnoCerradoHasta(TURNOS, veterano, new Date(abre - 1000))).toBe(
      "2026-12-10T09:00:00.000Z",
    );
    expect(turnoCerradoHasta(TURNOS, veterano, new Date(abre))).toBeNull();
    expect(turnoCerradoHasta(TURNOS, veterano, new Date(abre + 1000))).toBeNull();
    // Cuando abre el turno siguiente y la apertura general, el suyo sigue abierto.
    expect(turnoCerradoHasta(TURNOS, veterano, new Date("2026-12-13T00:00Z"))).toBeNull();
    const nuevo = { idTipoSocio: 1, antiguedad: 0 };
    const general = new Date("2026-12-12T09:00:00.000Z").getTime();
    expect(turnoCerradoHasta(TURNOS, nuevo, new Date(general - 1000))).toBe(
      "2026-12-12T09:00:00.000Z",
    );
    expect(turnoCerradoHasta(TURNOS, nuevo, new Date(general + 1000))).toBeNull();
    expect(turnoCerradoHasta([], nuevo, new Date(0))).toBeNull();
  });
});

describe("plazo de pago", () => {
  it("vence a las horas dichas y avisa una hora antes y al vencer, una vez cada aviso", () => {
    const plazo = plazoPagoDesde(new Date("2026-12-10T09:00:00Z"), 2);
    expect(plazo.toISOString()).toBe("2026-12-10T11:00:00.000Z");
    expect(avisoPlazoDebido(plazo, new Date("2026-12-10T09:59:59Z"), 0)).toBe(0);
    expect(avisoPlazoDebido(plazo, new Date("2026-12-10T10:00:00Z"), 0)).toBe(1);
    expect(avisoPlazoDebido(plazo, new Date("2026-12-10T10:30:00Z"), 1)).toBe(0);
    expect(avisoPlazoDebido(plazo, new Date("2026-12-10T11:00:00Z"), 1)).toBe(2);
    expect(avisoPlazoDebido(plazo, new Date("2026-12-10T11:00:00Z"), 0)).toBe(2);
    expect(avisoPlazoDebido(plazo, new Date("2026-12-10T12:00:00Z"), 2)).toBe(0);
  });
});

const ins = (
  id: number,
  personas = 1,
  extra: Partial<InscripcionASentar> = {},
): InscripcionASentar => ({
  id,
  idSocio: 100 + id,
  idPagador: 100 + id,
  personas,
  mesa: null,
  sentarCon: [],
  ...extra,
});

describe("mesas", () => {
  it("sienta a las familias y a quienes piden sentarse juntos en la misma mesa", () => {
    const lista = [
      ins(1, 3),
      ins(2, 1, { idPagador: 101 }), // hijo de 1
      ins(3, 2),
      ins(4, 1, { sentarCon: [103] }),
      ins(5, 4),
      ins(6, 1),
    ];
    const { asignaciones, nuevas } = sentarAutomaticamente(lista, [], 6);
    const mesa = new Map(asignaciones.map((a) => [a.id, a.mesa]));
    expect(mesa.get(1)).toBe(mesa.get(2));
    expect(mesa.get(3)).toBe(mesa.get(4));
    expect(asignaciones).toHaveLength(6);
    const personas = new Map<number, number>();
    for (const i of lista) {
      const m = mesa.get(i.id) as number;
      personas.set(m, (personas.get(m) ?? 0) + i.personas);
    }
    for (const n of personas.values()) expect(n).toBeLessThanOrEqual(6);
    expect(nuevas).toEqual([...personas.keys()].sort());
  });

  it("una familia más grande que una mesa ocupa mesas consecutivas", () => {
    const familia = [1, 2, 3, 4].map((id) => ins(id, 3, { idPagador: 101 }));
    const { asignaciones, nuevas } = sentarAutomaticamente([ins(9, 2), ...familia], [1], 6);
    const mesas = familia.map((f) => asignaciones.find((a) => a.id === f.id)?.mesa);
    expect(mesas).toEqual([2, 2, 3, 3]);
    expect(nuevas).toEqual([2, 3]);
    expect(asignaciones.find((a) => a.id === 9)?.mesa).toBe(1);
  });

  it("quien está sentado no se mueve y su familia va a su mesa si cabe", () => {
    const lista = [ins(1, 2, { mesa: 4 }), ins(2, 2, { idPagador: 101 }), ins(3, 5)];
    const { asignaciones, nuevas } = sentarAutomaticamente(lista, [4], 6);
    expect(asignaciones).toContainEqual({ id: 2, mesa: 4 });
    expect(asignaciones).toContainEqual({ id: 3, mesa: 5 });
    expect(asignaciones.some((a) => a.id === 1)).toBe(false);
    expect(nuevas).toEqual([5]);
  });

  it("códigos de mesa de 6 caracteres sin ambigüedades", () => {
    let n = 0;
    const c = codigoMesa(() => n++ % 31);
    expect(c).toBe("ABCDEF");
    expect(CodigoMesaSchema.parse(" abcdef ")).toBe("ABCDEF");
    expect(CodigoMesaSchema.safeParse("ABCDE0").success).toBe(false);
  });
});

describe("dietas", () => {
  it("cuenta menús por dieta, en total y por mesa, con los invitados sin nombre", () => {
    const comensales = [
      ...comensalesDe({
        mesa: 1,
        dietas: ["vegano"],
        invitados: 2,
        acompanantes: [{ dietas: ["celiaco", "sin_lactosa"] }],
      }),
      ...comensalesDe({ mesa: 2, dietas: [], invitados: 0, acompanantes: [] }),
      ...comensalesDe({ mesa: null, dietas: ["celiaco"], invitados: 0, acompanantes: [] }),
    ];
    const r = recuentoDietas(comensales);
    expect(r.personas).toBe(5);
    expect(r.sinDieta).toBe(2);
    expect(r.porDieta).toEqual({ celiaco: 2, vegetariano: 0, vegano: 1, sin_lactosa: 1 });
    expect(r.porMesa.map((m) => [m.mesa, m.personas, m.porDieta.celiaco])).toEqual([
      [1, 3, 1],
      [2, 1, 0],
      [null, 1, 1],
    ]);
  });

  it("un acompañante lleva nombre y dietas válidas", () => {
    expect(AcompananteSchema.parse({ nombre: " Ana " })).toEqual({
      nombre: "Ana",
      dietas: [],
      alergias: "",
    });
    expect(AcompananteSchema.safeParse({ nombre: "A", dietas: ["keto"] }).success).toBe(false);
    expect(AcompananteSchema.safeParse({ nombre: "A", dietas: ["vegano", "vegano"] }).success).toBe(
      false,
    );
    expect(AcompananteSchema.safeParse({ nombre: "" }).success).toBe(false);
  });
});
