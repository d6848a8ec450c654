import { describe, expect, it } from "vitest";
import {
  calcularQuorum,
  convocatoriaATiempo,
  enmascararNif,
  fechaLimiteConvocatoria,
  motivoFueraCenso,
  puedeVotarPor,
  REGLAS_ASAMBLEA_POR_DEFECTO,
  rechazoDelegacion,
  resultadoVotacion,
  type SocioCenso,
} from "./reglas";

const reglas = { ...REGLAS_ASAMBLEA_POR_DEFECTO, antiguedadMinima: 2, tiposSocio: [1, 2] };
const socio = (c: Partial<SocioCenso> = {}): SocioCenso => ({
  activo: true,
  fechaNacimiento: "2000-01-01",
  antiguedad: 5,
  idTipoSocio: 1,
  deudaVencida: false,
  ...c,
});

describe("censo en una fecha fija", () => {
  const fecha = "2027-03-15";
  it("entra quien cumple todo", () => {
    expect(motivoFueraCenso(socio(), reglas, fecha)).toBeNull();
  });
  it("la edad se cuenta el día de la convocatoria: 18 ese mismo día entra, la víspera no", () => {
    expect(motivoFueraCenso(socio({ fechaNacimiento: "2009-03-15" }), reglas, fecha)).toBeNull();
    expect(motivoFueraCenso(socio({ fechaNacimiento: "2009-03-16" }), reglas, fecha)).toBe("edad");
  });
  it("sin fecha de nacimiento queda fuera y se dice", () => {
    expect(motivoFueraCenso(socio({ fechaNacimiento: null }), reglas, fecha)).toBe(
      "sin_fecha_nacimiento",
    );
    // Sin edad mínima, la fecha no hace falta.
    expect(
      motivoFueraCenso(socio({ fechaNacimiento: null }), { ...reglas, edadMinima: 0 }, fecha),
    ).toBeNull();
  });
  it("antigüedad mínima en el borde", () => {
    expect(motivoFueraCenso(socio({ antiguedad: 2 }), reglas, fecha)).toBeNull();
    expect(motivoFueraCenso(socio({ antiguedad: 1 }), reglas, fecha)).toBe("antiguedad");
  });
  it("tipos de socio: vacío = todos", () => {
    expect(motivoFueraCenso(socio({ idTipoSocio: 3 }), reglas, fecha)).toBe("tipo_socio");
    expect(motivoFueraCenso(socio({ idTipoSocio: null }), reglas, fecha)).toBe("tipo_socio");
    expect(
      motivoFueraCenso(socio({ idTipoSocio: 3 }), { ...reglas, tiposSocio: [] }, fecha),
    ).toBeNull();
  });
  it("deudas vencidas: fuera solo si los estatutos lo dicen", () => {
    expect(motivoFueraCenso(socio({ deudaVencida: true }), reglas, fecha)).toBe("deuda");
    expect(
      motivoFueraCenso(socio({ deudaVencida: true }), { ...reglas, excluirDeudores: false }, fecha),
    ).toBeNull();
  });
  it("de baja, fuera", () => {
    expect(motivoFueraCenso(socio({ activo: false }), reglas, fecha)).toBe("baja");
  });
});

describe("preaviso de la convocatoria", () => {
  it("con 15 días, una asamblea del 20 se convoca el 5 como tarde", () => {
    expect(fechaLimiteConvocatoria("2027-03-20", 15)).toBe("2027-03-05");
    expect(convocatoriaATiempo("2027-03-05", "2027-03-20", 15)).toBe(true);
    expect(convocatoriaATiempo("2027-03-06", "2027-03-20", 15)).toBe(false);
  });
  it("cruza meses y años; 0 días = el mismo día", () => {
    expect(fechaLimiteConvocatoria("2027-01-10", 15)).toBe("2026-12-26");
    expect(convocatoriaATiempo("2027-01-10", "2027-01-10", 0)).toBe(true);
    expect(convocatoriaATiempo("2027-01-11", "2027-01-10", 0)).toBe(false);
  });
});

describe("delegaciones", () => {
  const base = {
    enCenso: (id: number) => id !== 99,
    vivas: [] as { idDelegante: number; idDelegado: number }[],
    maxDelegaciones: 2,
    iniciada: false,
    convocada: true,
  };
  it("una delegación normal", () => {
    expect(rechazoDelegacion({ ...base, idDelegante: 1, idDelegado: 2 })).toBeNull();
  });
  it("fuera del censo, a sí mismo, sin convocar o ya empezada: no", () => {
    expect(rechazoDelegacion({ ...base, idDelegante: 99, idDelegado: 2 })?.mensaje).toMatch(
      /censo/,
    );
    expect(rechazoDelegacion({ ...base, idDelegante: 1, idDelegado: 99 })?.mensaje).toMatch(
      /censo/,
    );
    expect(rechazoDelegacion({ ...base, idDelegante: 1, idDelegado: 1 })).not.toBeNull();
    expect(
      rechazoDelegacion({ ...base, convocada: false, idDelegante: 1, idDelegado: 2 }),
    ).not.toBeNull();
    expect(
      rechazoDelegacion({ ...base, iniciada: true, idDelegante: 1, idDelegado: 2 })?.mensaje,
    ).toMatch(/empezado/);
  });
  it("sin cadenas, en ningún sentido", () => {
    const vivas = [{ idDelegante: 1, idDelegado: 2 }];
    expect(rechazoDelegacion({ ...base, vivas, idDelegante: 2, idDelegado: 3 })?.mensaje).toMatch(
      /cadenas/,
    );
    expect(rechazoDelegacion({ ...base, vivas, idDelegante: 3, idDelegado: 1 })?.mensaje).toMatch(
      /cadenas/,
    );
    expect(rechazoDelegacion({ ...base, vivas, idDelegante: 1, idDelegado: 3 })?.mensaje).toMatch(
      /revócala/,
    );
  });
  it("el máximo por persona, justo en el borde", () => {
    const vivas = [{ idDelegante: 1, idDelegado: 5 }];
    expect(rechazoDelegacion({ ...base, vivas, idDelegante: 2, idDelegado: 5 })).toBeNull();
    vivas.push({ idDelegante: 2, idDelegado: 5 });
    expect(rechazoDelegacion({ ...base, vivas, idDelegante: 3, idDelegado: 5 })?.mensaje).toMatch(
      /máximo 2/,
    );
    expect(
      rechazoDelegacion({ ...base, maxDelegaciones: 0, idDelegante: 3, idDelegado: 6 }),
    ).not.toBeNull();
  });
});

describe("mayorías en sus bordes", () => {
  it("simple: el empate no aprueba", () => {
    expect(
      resultadoVotacion({ si: 10, no: 10, abstencion: 5 }, "simple", "emitidos", 100).aprobado,
    ).toBe(false);
    expect(
      resultadoVotacion({ si: 11, no: 10, abstencion: 50 }, "simple", "emitidos", 100).aprobado,
    ).toBe(true);
  });
  it("absoluta sobre emitidos y sobre censo: la mitad justa no basta", () => {
    expect(
      resultadoVotacion({ si: 10, no: 5, abstencion: 5 }, "absoluta", "emitidos", 100).aprobado,
    ).toBe(false);
    expect(
      resultadoVotacion({ si: 11, no: 5, abstencion: 4 }, "absoluta", "emitidos", 100).aprobado,
    ).toBe(true);
    expect(
      resultadoVotacion({ si: 50, no: 0, abstencion: 0 }, "absoluta", "censo", 100).aprobado,
    ).toBe(false);
    const r = resultadoVotacion({ si: 51, no: 0, abstencion: 0 }, "absoluta", "censo", 100);
    expect(r).toEqual({ aprobado: true, necesarios: 51, baseVotos: 100 });
  });
  it("dos tercios: exactamente ⅔ aprueba, uno menos no", () => {
    expect(
      resultadoVotacion({ si: 20, no: 10, abstencion: 0 }, "dos_tercios", "emitidos", 0),
    ).toMatchObject({ aprobado: true, necesarios: 20 });
    expect(
      resultadoVotacion({ si: 19, no: 10, abstencion: 1 }, "dos_tercios", "emitidos", 0).aprobado,
    ).toBe(false);
    // 2/3 de 31 = 20,67: hacen falta 21.
    expect(
      resultadoVotacion({ si: 20, no: 11, abstencion: 0 }, "dos_tercios", "emitidos", 0),
    ).toMatchObject({ aprobado: false, necesarios: 21 });
    expect(
      resultadoVotacion({ si: 66, no: 0, abstencion: 0 }, "dos_tercios", "censo", 99).aprobado,
    ).toBe(true);
    expect(
      resultadoVotacion({ si: 65, no: 0, abstencion: 0 }, "dos_tercios", "censo", 99).aprobado,
    ).toBe(false);
  });
  it("tres cuartos (vender el maset)", () => {
    expect(
      resultadoVotacion({ si: 75, no: 25, abstencion: 0 }, "tres_cuartos", "emitidos", 0).aprobado,
    ).toBe(true);
    expect(
      resultadoVotacion({ si: 74, no: 25, abstencion: 1 }, "tres_cuartos", "emitidos", 0).aprobado,
    ).toBe(false);
  });
  it("sin votos nada se aprueba", () => {
    for (const m of ["simple", "absoluta", "dos_tercios", "tres_cuartos"] as const) {
      expect(resultadoVotacion({ si: 0, no: 0, abstencion: 0 }, m, "emitidos", 10).aprobado).toBe(
        false,
      );
    }
  });
});

describe("quórum con delegaciones", () => {
  const primera = { quorumPrimera: 0.5, ahora: new Date("2027-03-20T18:00:00Z") };
  it("en primera: la mitad del censo, contando representados", () => {
    const q = calcularQuorum({
      ...primera,
      censo: 101,
      presentes: 40,
      representados: 11,
      segunda: new Date("2027-03-20T18:30:00Z"),
    });
    expect(q).toMatchObject({ quorum: 51, alcanzado: true, convocatoria: "primera" });
    expect(
      calcularQuorum({ ...primera, censo: 101, presentes: 40, representados: 10, segunda: null })
        .alcanzado,
    ).toBe(false);
  });
  it("⅔ del censo sin ruido de coma flotante", () => {
    expect(
      calcularQuorum({
        ...primera,
        quorumPrimera: 2 / 3,
        censo: 300,
        presentes: 200,
        representados: 0,
        segunda: null,
      }).quorum,
    ).toBe(200);
  });
  it("en segunda basta con quien haya", () => {
    const q = calcularQuorum({
      ...primera,
      ahora: new Date("2027-03-20T18:30:00Z"),
      censo: 101,
      presentes: 3,
      representados: 0,
      segunda: new Date("2027-03-20T18:30:00Z"),
    });
    expect(q).toMatchObject({ quorum: 0, alcanzado: true, convocatoria: "segunda" });
  });
});

describe("quién vota por quién", () => {
  const vivas = [{ idDelegante: 2, idDelegado: 1 }];
  const base = { enCenso: (id: number) => id < 10, vivas };
  it("el presente vota por sí y por quien le delegó y no ha venido", () => {
    const presente = (id: number) => id === 1;
    expect(puedeVotarPor({ ...base, presente, idVotante: 1, enNombreDe: 1 })).toBeNull();
    expect(puedeVotarPor({ ...base, presente, idVotante: 1, enNombreDe: 2 })).toBeNull();
    expect(puedeVotarPor({ ...base, presente, idVotante: 1, enNombreDe: 3 })).not.toBeNull();
  });
  it("quien delegó y viene recupera su voto", () => {
    const presente = (id: number) => id === 1 || id === 2;
    expect(puedeVotarPor({ ...base, presente, idVotante: 1, enNombreDe: 2 })?.mensaje).toMatch(
      /ha venido/,
    );
    expect(puedeVotarPor({ ...base, presente, idVotante: 2, enNombreDe: 2 })).toBeNull();
  });
  it("ausente o fuera del censo no vota", () => {
    expect(
      puedeVotarPor({ ...base, presente: () => false, idVotante: 1, enNombreDe: 1 }),
    ).not.toBeNull();
    expect(
      puedeVotarPor({ ...base, presente: () => true, idVotante: 12, enNombreDe: 12 }),
    ).not.toBeNull();
  });
});

it("NIF enmascarado como ***4567**", () => {
  expect(enmascararNif("12345678Z")).toBe("***4567**");
  expect(enmascararNif("X1234567L")).toBe("***3456**");
  expect(enmascararNif(null)).toBe("");
});
