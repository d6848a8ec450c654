/**
 * La noche en que todos quieren sitio (issue 50): turnos de inscripción, plazo para pagar y
 * mesas con sus dietas. Reglas puras; la API las aplica en sus transacciones.
 */
import { z } from "zod";
import { formatearFechaHora } from "../formato/formato";

// ── Dietas y acompañantes ─────────────────────────────────────────────────────────────

export const DIETAS = ["celiaco", "vegetariano", "vegano", "sin_lactosa"] as const;
export type Dieta = (typeof DIETAS)[number];

export const DietasSchema = z
  .array(z.enum(DIETAS, { error: "Las dietas son: celiaco, vegetariano, vegano, sin_lactosa" }))
  .max(DIETAS.length)
  .refine((d) => new Set(d).size === d.length, { error: "Hay dietas repetidas" });

/** Un invitado con nombre, sus dietas y alergias (los familiares tienen su propia inscripción). */
export const AcompananteSchema = z.strictObject({
  nombre: z
    .string({ error: "Escribe el nombre del acompañante" })
    .trim()
    .min(1, { error: "Escribe el nombre del acompañante" })
    .max(100, { error: "No puede tener más de 100 caracteres" }),
  dietas: DietasSchema.default([]),
  alergias: z
    .string()
    .trim()
    .max(500, { error: "No puede tener más de 500 caracteres" })
    .default(""),
});
export type Acompanante = z.output<typeof AcompananteSchema>;

// ── Turnos ────────────────────────────────────────────────────────────────────────────

/** `YYYY-MM-DDTHH:mm`, hora local de Madrid (como la fecha y la hora del acto). */
export const DesdeTurnoSchema = z
  .string({ error: "Indica cuándo abre el turno (AAAA-MM-DDTHH:mm)" })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/, {
    error: "Indica cuándo abre el turno (AAAA-MM-DDTHH:mm, hora de Madrid)",
  });

const ids = z.array(z.int().positive().max(2_147_483_647)).min(1).max(100);

export const TurnoSchema = z.strictObject({
  desde: DesdeTurnoSchema,
  /** Tipos de socio que entran en el turno (cualquiera de ellos). */
  tipos: ids.optional(),
  /** Grupos (escuadras…) del socio, en la fecha del acto. */
  grupos: ids.optional(),
  /** Cargos del socio, en la fecha del acto. */
  cargos: ids.optional(),
  /** Años de antigüedad como festero en la fecha del acto (`antiguedadEn`). */
  antiguedadMinima: z.int().min(0).max(200).optional(),
});
export type Turno = z.output<typeof TurnoSchema>;

/** Un turno sin filtros: la apertura general. */
export const esApertura = (t: Turno) =>
  t.tipos === undefined &&
  t.grupos === undefined &&
  t.cargos === undefined &&
  t.antiguedadMinima === undefined;

/**
 * Los turnos de un acto: vacío = sin turnos. Con turnos, el último es la apertura general (sin
 * filtros), la única, y ninguno abre después de ella.
 */
export const TurnosSchema = z
  .array(TurnoSchema)
  .max(20, { error: "Como mucho 20 turnos" })
  .superRefine((turnos, ctx) => {
    if (turnos.length === 0) return;
    const ultimo = turnos[turnos.length - 1] as Turno;
    if (!esApertura(ultimo)) {
      ctx.addIssue({
        code: "custom",
        path: [turnos.length - 1],
        message: "El último turno es la apertura general: sin filtros",
      });
    }
    turnos.forEach((t, i) => {
      if (i < turnos.length - 1 && esApertura(t)) {
        ctx.addIssue({
          code: "custom",
          path: [i],
          message: "Solo el último turno (la apertura general) va sin filtros",
        });
      }
      if (t.desde > ultimo.desde) {
        ctx.addIssue({
          code: "custom",
          path: [i, "desde"],
          message: "Ningún turno abre después de la apertura general",
        });
      }
    });
  });

/** Lo que un turno mira de un socio. */
export type SocioTurno = {
  idTipoSocio: number | null;
  antiguedad: number;
  grupos?: readonly number[];
  cargos?: readonly number[];
};

/** El socio entra en el turno si cumple todos sus filtros (cada lista: cualquiera de ella). */
export function encajaEnTurno(turno: Turno, socio: SocioTurno): boolean {
  if (turno.tipos && (socio.idTipoSocio === null || !turno.tipos.includes(socio.idTipoSocio))) {
    return false;
  }
  if (turno.antiguedadMinima !== undefined && socio.antiguedad < turno.antiguedadMinima) {
    return false;
  }
  if (turno.grupos && !turno.grupos.some((g) => socio.grupos?.includes(g))) return false;
  if (turno.cargos && !turno.cargos.some((c) => socio.cargos?.includes(c))) return false;
  return true;
}

const UNA_HORA_MS = 3_600_000;

/**
 * El instante (UTC) de una hora local de Madrid `YYYY-MM-DDTHH:mm`. En el salto de primavera
 * (una hora que no existe) vale la de después; en el de otoño (dos veces), la primera.
 */
export function instanteDeMadrid(local: string): Date {
  const [fecha, hora] = local.split("T") as [string, string];
  const [a, m, d] = fecha.split("-").map(Number) as [number, number, number];
  const [h, min] = hora.split(":").map(Number) as [number, number];
  const comoUtc = Date.UTC(a, m - 1, d, h, min);
  const esperado = `${fecha.slice(8, 10)}/${fecha.slice(5, 7)}/${fecha.slice(0, 4)} ${hora}`;
  for (const desfase of [2, 1]) {
    const t = new Date(comoUtc - desfase * UNA_HORA_MS);
    if (formatearFechaHora(t) === esperado) return t;
  }
  return new Date(comoUtc - UNA_HORA_MS);
}

/**
 * Cuándo abre la inscripción para un socio: el primero de los turnos en que encaja (la apertura
 * general siempre), como instante ISO. null = el acto no tiene turnos.
 */
export function aperturaPara(turnos: readonly Turno[], socio: SocioTurno): string | null {
  let primero: string | null = null;
  for (const t of turnos) {
    if (!encajaEnTurno(t, socio)) continue;
    const iso = instanteDeMadrid(t.desde).toISOString();
    if (primero === null || iso < primero) primero = iso;
  }
  return primero;
}

/**
 * Antes de su turno (un turno, una vez abierto, sigue abierto) el socio no se inscribe: devuelve
 * cuándo abre el suyo (ISO), o null si ya puede.
 */
export function turnoCerradoHasta(
  turnos: readonly Turno[],
  socio: SocioTurno,
  ahora: Date,
): string | null {
  const abre = aperturaPara(turnos, socio);
  if (abre === null || new Date(abre).getTime() <= ahora.getTime()) return null;
  return abre;
}

/** ¿Algún turno necesita la antigüedad, los grupos o los cargos de los socios? */
export const turnosMiran = (turnos: readonly Turno[]) => ({
  antiguedad: turnos.some((t) => t.antiguedadMinima !== undefined),
  grupos: turnos.some((t) => t.grupos !== undefined),
  cargos: turnos.some((t) => t.cargos !== undefined),
});

// ── Plazo de pago ─────────────────────────────────────────────────────────────────────

/** Fin del plazo para pagar: `horas` desde la confirmación (o la subida de la lista de espera). */
export function plazoPagoDesde(confirmada: Date, horas: number): Date {
  return new Date(confirmada.getTime() + horas * UNA_HORA_MS);
}

/** Aviso que toca a una inscripción con plazo: 1 = una hora antes, 2 = al vencer. */
export function avisoPlazoDebido(plazo: Date, ahora: Date, avisados: number): 0 | 1 | 2 {
  if (avisados < 2 && ahora.getTime() >= plazo.getTime()) return 2;
  if (avisados < 1 && ahora.getTime() >= plazo.getTime() - UNA_HORA_MS) return 1;
  return 0;
}

// ── Mesas ─────────────────────────────────────────────────────────────────────────────

/** Un comensal a sentar: una inscripción confirmada (el socio y sus invitados). */
export type InscripcionASentar = {
  id: number;
  idSocio: number;
  /** Quien le paga (o él mismo): la familia de «Mis actos». */
  idPagador: number;
  /** 1 + invitados. */
  personas: number;
  /** Número de su mesa; null = sin sentar. */
  mesa: number | null;
  /** Socios con quienes pidió sentarse. */
  sentarCon: readonly number[];
};

export type Sentado = { id: number; mesa: number };

/**
 * Une en grupos a quienes se sientan juntos: la familia (un pagador y quienes paga) y quienes
 * pidieron sentarse con alguien inscrito (en los dos sentidos). Cada grupo en el orden de ids.
 */
export function gruposDeMesa(inscripciones: readonly InscripcionASentar[]): InscripcionASentar[][] {
  const padre = new Map<number, number>();
  const raiz = (x: number): number => {
    let r = x;
    while (padre.get(r) !== r) r = padre.get(r) as number;
    padre.set(x, r);
    return r;
  };
  const unir = (a: number, b: number) => {
    const ra = raiz(a);
    const rb = raiz(b);
    if (ra !== rb) padre.set(Math.max(ra, rb), Math.min(ra, rb));
  };
  for (const i of inscripciones) padre.set(i.id, i.id);
  const porSocio = new Map(inscripciones.map((i) => [i.idSocio, i.id]));
  const porPagador = new Map<number, number>();
  for (const i of inscripciones) {
    const otra = porPagador.get(i.idPagador);
    if (otra === undefined) porPagador.set(i.idPagador, i.id);
    else unir(otra, i.id);
    const pagador = porSocio.get(i.idPagador);
    if (pagador !== undefined) unir(pagador, i.id);
    for (const s of i.sentarCon) {
      const con = porSocio.get(s);
      if (con !== undefined) unir(con, i.id);
    }
  }
  const grupos = new Map<number, InscripcionASentar[]>();
  for (const i of [...inscripciones].sort((a, b) => a.id - b.id)) {
    const r = raiz(i.id);
    const g = grupos.get(r) ?? [];
    g.push(i);
    grupos.set(r, g);
  }
  return [...grupos.values()];
}

/**
 * Sienta a quienes no tienen mesa, sin mover a nadie sentado: cada grupo (familia y compañeros
 * pedidos) va entero a la mesa de alguno de los suyos si cabe; si no, a la primera mesa con sitio
 * para todo el grupo; si no, a mesas nuevas, consecutivas cuando el grupo no cabe en una (una
 * inscripción nunca se parte). Devuelve las asignaciones y los números de las mesas nuevas.
 * Los grupos grandes primero, así los pequeños rellenan huecos.
 */
export function sentarAutomaticamente(
  inscripciones: readonly InscripcionASentar[],
  mesas: readonly number[],
  plazasPorMesa: number,
): { asignaciones: Sentado[]; nuevas: number[] } {
  const ocupadas = new Map<number, number>(mesas.map((m) => [m, 0]));
  for (const i of inscripciones) {
    if (i.mesa !== null) ocupadas.set(i.mesa, (ocupadas.get(i.mesa) ?? 0) + i.personas);
  }
  let siguiente = Math.max(0, ...ocupadas.keys()) + 1;
  const nuevas: number[] = [];
  const asignaciones: Sentado[] = [];
  const libre = (m: number) => plazasPorMesa - (ocupadas.get(m) ?? 0);
  const poner = (i: InscripcionASentar, m: number) => {
    asignaciones.push({ id: i.id, mesa: m });
    ocupadas.set(m, (ocupadas.get(m) ?? 0) + i.personas);
  };
  const personas = (g: readonly InscripcionASentar[]) => g.reduce((s, i) => s + i.personas, 0);
  const grupos = gruposDeMesa(inscripciones)
    .map((g) => ({
      sentados: g.filter((i) => i.mesa !== null),
      resto: g.filter((i) => i.mesa === null),
    }))
    .filter((g) => g.resto.length > 0)
    .sort((a, b) => personas(b.resto) - personas(a.resto));
  for (const { sentados, resto } of grupos) {
    const n = personas(resto);
    const suya = [...new Set(sentados.map((s) => s.mesa as number))].find((m) => libre(m) >= n);
    const destino = suya ?? [...ocupadas.keys()].sort((a, b) => a - b).find((m) => libre(m) >= n);
    if (destino !== undefined) {
      for (const i of resto) poner(i, destino);
      continue;
    }
    // Mesas nuevas y consecutivas: se llenan en orden, sin partir una inscripción.
    let mesa = siguiente++;
    nuevas.push(mesa);
    ocupadas.set(mesa, 0);
    for (const i of resto) {
      if (libre(mesa) < i.personas) {
        mesa = siguiente++;
        nuevas.push(mesa);
        ocupadas.set(mesa, 0);
      }
      poner(i, mesa);
    }
  }
  return { asignaciones, nuevas };
}

/** Código para unirse a una mesa: 6 letras y cifras sin las que se confunden (0/O, 1/I/L). */
export const ALFABETO_CODIGO_MESA = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CodigoMesaSchema = z
  .string({ error: "Escribe el código de la mesa" })
  .trim()
  .transform((c) => c.toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^[A-HJKMNP-Z2-9]{6}$/, { error: "El código de la mesa tiene 6 letras o cifras" }),
  );

export function codigoMesa(aleatorio: (n: number) => number): string {
  let c = "";
  for (let i = 0; i < 6; i++) c += ALFABETO_CODIGO_MESA[aleatorio(ALFABETO_CODIGO_MESA.length)];
  return c;
}

// ── Recuento de menús por dieta ───────────────────────────────────────────────────────

/** Un comensal: el socio o uno de sus invitados (sin nombre, sin dietas conocidas). */
export type Comensal = { mesa: number | null; dietas: readonly Dieta[] };

export type RecuentoDietas = {
  personas: number;
  /** Personas sin ninguna dieta. */
  sinDieta: number;
  /** Personas con cada dieta (una persona vegana y celíaca cuenta en las dos). */
  porDieta: Record<Dieta, number>;
};

const recuentoVacio = (): RecuentoDietas => ({
  personas: 0,
  sinDieta: 0,
  porDieta: { celiaco: 0, vegetariano: 0, vegano: 0, sin_lactosa: 0 },
});

function sumar(r: RecuentoDietas, c: Comensal) {
  r.personas += 1;
  if (c.dietas.length === 0) r.sinDieta += 1;
  for (const d of c.dietas) r.porDieta[d] += 1;
}

/**
 * Los comensales de una inscripción: el socio, sus acompañantes con nombre y, si hay más
 * invitados que acompañantes, el resto sin dieta.
 */
export function comensalesDe(i: {
  mesa: number | null;
  dietas: readonly Dieta[];
  invitados: number;
  acompanantes: readonly { dietas: readonly Dieta[] }[];
}): Comensal[] {
  const c: Comensal[] = [{ mesa: i.mesa, dietas: i.dietas }];
  for (const a of i.acompanantes) c.push({ mesa: i.mesa, dietas: a.dietas });
  for (let n = i.acompanantes.length; n < i.invitados; n++) c.push({ mesa: i.mesa, dietas: [] });
  return c;
}

/** Menús por dieta, en total y por mesa (las mesas en orden; `mesa` null = sin sentar). */
export function recuentoDietas(comensales: readonly Comensal[]): RecuentoDietas & {
  porMesa: (RecuentoDietas & { mesa: number | null })[];
} {
  const total = recuentoVacio();
  const porMesa = new Map<number | null, RecuentoDietas>();
  for (const c of comensales) {
    sumar(total, c);
    const r = porMesa.get(c.mesa) ?? recuentoVacio();
    sumar(r, c);
    porMesa.set(c.mesa, r);
  }
  return {
    ...total,
    porMesa: [...porMesa.entries()]
      .sort(([a], [b]) => (a ?? Number.MAX_SAFE_INTEGER) - (b ?? Number.MAX_SAFE_INTEGER))
      .map(([mesa, r]) => ({ mesa, ...r })),
  };
}

// ── API de mesas y plazos ─────────────────────────────────────────────────────────────

export const RecuentoDietasSchema = z.object({
  personas: z.int(),
  sinDieta: z.int(),
  porDieta: z.object({
    celiaco: z.int(),
    vegetariano: z.int(),
    vegano: z.int(),
    sin_lactosa: z.int(),
  }),
});

/** Una persona sentada (o por sentar): una inscripción con sus invitados. */
export const ComensalMesaSchema = z.object({
  idInscripcion: z.int(),
  idSocio: z.int(),
  nombre: z.string(),
  apellidos: z.string(),
  invitados: z.int(),
  personas: z.int(),
  dietas: z.array(z.enum(DIETAS)),
  alergias: z.string(),
  acompanantes: z.array(AcompananteSchema),
  sentarCon: z.array(z.int()),
  /** Quien le paga (o él mismo): su familia se sienta junta. */
  idPagador: z.int(),
});
export type ComensalMesa = z.infer<typeof ComensalMesaSchema>;

export const MesaSchema = z.object({
  id: z.int(),
  numero: z.int(),
  codigo: z.string(),
  plazas: z.int(),
  ocupadas: z.int(),
  comensales: z.array(ComensalMesaSchema),
  recuento: RecuentoDietasSchema,
});
export type Mesa = z.infer<typeof MesaSchema>;

/** `GET /api/actos/:id/mesas`: el plano de la cena. */
export const PlanMesasSchema = z.object({
  idActo: z.int(),
  nombre: z.string(),
  fecha: z.string(),
  plazasPorMesa: z.int().nullable(),
  mesas: z.array(MesaSchema),
  sinMesa: z.array(ComensalMesaSchema),
  recuento: RecuentoDietasSchema,
});
export type PlanMesas = z.infer<typeof PlanMesasSchema>;

/** Lo que ve el socio de la mesa que crea o a la que se une. */
export const MiMesaSchema = z.object({
  id: z.int(),
  numero: z.int(),
  codigo: z.string(),
  plazas: z.int(),
  ocupadas: z.int(),
});
export type MiMesa = z.infer<typeof MiMesaSchema>;

export const UnirseMesaSchema = z.strictObject({ codigo: CodigoMesaSchema });
export const AsignarMesaSchema = z.strictObject({
  idInscripcion: z.int({ error: "Elige una inscripción" }).positive().max(2_147_483_647),
  /** null = sin mesa. */
  idMesa: z.int({ error: "Elige una mesa" }).positive().max(2_147_483_647).nullable(),
});
export const SentadoAutomaticoSchema = z.object({ sentadas: z.int(), mesasNuevas: z.int() });

/** `PUT …/inscripciones/:idInscripcion/plazo-pago`: la junta mueve el plazo (no antes de ahora). */
export const PlazoPagoCambioSchema = z.strictObject({
  plazoPago: z.iso.datetime({ offset: true, error: "Indica un instante ISO 8601 (con zona)" }),
});
