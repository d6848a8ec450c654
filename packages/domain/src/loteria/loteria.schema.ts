import { z } from "zod";
import {
  EurosNoNegativoSchema,
  EurosSchema,
  FechaSchema,
  IdSchema,
  textoCorto,
} from "../comun/esquemas";
import { aCentimos } from "../formato/formato";
import { type LoteriaEnCentimos, problemasLoteria } from "./reglas";

/** Precio del décimo del Sorteo Extraordinario de Navidad (euros). */
export const PRECIO_DECIMO_NAVIDAD = 20;
export const SORTEO_NAVIDAD = "Sorteo Extraordinario de Navidad";
export const NUMEROS_MAX = 100;
export const DECIMOS_MAX = 100_000;
/** Participaciones de un talonario y talonarios de una sola petición, como mucho. */
export const PARTICIPACIONES_TALONARIO_MAX = 1000;
export const TALONARIOS_POR_PETICION_MAX = 500;

/** Un número de la lotería: cinco cifras, con los ceros de delante. */
export const NumeroLoteriaSchema = z
  .string({ error: "El número tiene cinco cifras (p. ej. 05473)" })
  .trim()
  .regex(/^\d{5}$/, { error: "El número tiene cinco cifras (p. ej. 05473)" });

/** Un número y los décimos que la filà tiene de él. */
export const NumeroDecimosSchema = z.object({
  numero: NumeroLoteriaSchema,
  decimos: z
    .int({ error: "Los décimos son un número entero" })
    .min(1, { error: "Cada número lleva al menos un décimo" })
    .max(DECIMOS_MAX, { error: `Como mucho ${DECIMOS_MAX} décimos por número` }),
});

/**
 * Alta y modificación (PUT) de una lotería, en euros. Además de la forma de cada campo, comprueba
 * las reglas de `problemasLoteria`: fecha límite no posterior al sorteo, números sin repetir,
 * importe jugado que se reparte en céntimos enteros entre los números, décimos que cubren al
 * menos una participación y la autorización de un donativo de más del 20 %.
 */
export const LoteriaEntradaSchema = z
  .object({
    nombre: textoCorto(200).min(1, { error: "El nombre es obligatorio" }),
    sorteo: textoCorto(200).min(1, { error: "El sorteo es obligatorio" }).default(SORTEO_NAVIDAD),
    fechaSorteo: FechaSchema,
    fechaLimiteDevolucion: FechaSchema,
    precioDecimo: EurosSchema.positive({
      error: "El precio del décimo debe ser mayor que cero",
    }).default(PRECIO_DECIMO_NAVIDAD),
    numeros: z
      .array(NumeroDecimosSchema)
      .min(1, { error: "Indica al menos un número" })
      .max(NUMEROS_MAX, { error: `Como mucho ${NUMEROS_MAX} números` }),
    importeJugado: EurosSchema.positive({ error: "El importe jugado debe ser mayor que cero" }),
    donativo: EurosNoNegativoSchema.default(0),
    /** La autorización declarada para un donativo de más del 20 % del importe jugado. */
    autorizacionRecargo: textoCorto(500).default(""),
  })
  .superRefine(
    (l, ctx) => {
      const enCentimos = loteriaEnCentimos(l);
      for (const p of problemasLoteria({
        ...enCentimos,
        autorizacionRecargo: l.autorizacionRecargo,
      })) {
        ctx.addIssue({ code: "custom", path: [p.campo], message: p.mensaje });
      }
    },
    // Las reglas que cruzan campos, con cada campo ya bien formado: no se explica el reparto
    // de un importe que ya tiene su propio error.
    { when: (payload) => payload.issues.length === 0 },
  );
export type LoteriaEntrada = z.output<typeof LoteriaEntradaSchema>;
export type LoteriaEntradaInput = z.input<typeof LoteriaEntradaSchema>;

/** La lotería (en euros, como la da la API) en el modelo de las reglas, en céntimos. */
export function loteriaEnCentimos(
  l: Pick<
    LoteriaEntrada,
    | "fechaSorteo"
    | "fechaLimiteDevolucion"
    | "precioDecimo"
    | "numeros"
    | "importeJugado"
    | "donativo"
  >,
): LoteriaEnCentimos {
  return {
    fechaSorteo: l.fechaSorteo,
    fechaLimiteDevolucion: l.fechaLimiteDevolucion,
    precioDecimoCentimos: aCentimos(l.precioDecimo),
    numeros: l.numeros.map(({ numero, decimos }) => ({ numero, decimos })),
    importeJugadoCentimos: aCentimos(l.importeJugado),
    donativoCentimos: aCentimos(l.donativo),
  };
}

const enteroPositivo = (error: string, max: number, errorMax: string) =>
  z.int({ error }).min(1, { error }).max(max, { error: errorMax });

/** `POST /api/loterias/:id/talonarios`: `cantidad` talonarios de `participaciones` cada uno. */
export const TalonariosEntradaSchema = z.object({
  cantidad: enteroPositivo(
    "La cantidad de talonarios es un entero mayor que cero",
    TALONARIOS_POR_PETICION_MAX,
    `Como mucho ${TALONARIOS_POR_PETICION_MAX} talonarios a la vez`,
  ),
  participaciones: enteroPositivo(
    "Las participaciones de un talonario son un entero mayor que cero",
    PARTICIPACIONES_TALONARIO_MAX,
    `Como mucho ${PARTICIPACIONES_TALONARIO_MAX} participaciones por talonario`,
  ),
  /** Quien lo vende; sin él, lo guarda la junta. */
  idSocio: IdSchema.nullable().default(null),
});
export type TalonariosEntrada = z.output<typeof TalonariosEntradaSchema>;

/** Una serie (número de participación dentro de la lotería), desde 1. */
export const SerieSchema = z
  .int({ error: "La serie es un número entero" })
  .min(1, { error: "La serie empieza en 1" });

/**
 * Liquidación de un talonario: las series devueltas sin vender, o solo cuántas se vendieron
 * (las primeras; el resto vuelve).
 */
export const LiquidacionEntradaSchema = z.union(
  [
    z.strictObject({
      vendidas: z
        .int({ error: "Las vendidas son un número entero" })
        .min(0, { error: "Las vendidas no pueden ser negativas" }),
    }),
    z.strictObject({
      devueltas: z
        .array(SerieSchema)
        .max(PARTICIPACIONES_TALONARIO_MAX, {
          error: `Como mucho ${PARTICIPACIONES_TALONARIO_MAX} series`,
        })
        .refine((s) => new Set(s).size === s.length, { error: "Hay series repetidas" }),
    }),
  ],
  { error: "Indica las vendidas ({vendidas: n}) o las series devueltas ({devueltas: [...]})" },
);
export type LiquidacionEntrada = z.output<typeof LiquidacionEntradaSchema>;

/** Anulación de las series `desde`–`hasta` de un talonario (perdido, robado…). */
export const AnulacionEntradaSchema = z
  .object({
    desde: SerieSchema,
    hasta: SerieSchema,
    motivo: textoCorto(500).min(1, { error: "Indica el motivo de la anulación" }),
  })
  .refine((a) => a.desde <= a.hasta, {
    error: "La serie final no puede ser menor que la inicial",
    path: ["hasta"],
  });
export type AnulacionEntrada = z.output<typeof AnulacionEntradaSchema>;

/** El premio por décimo de cada número premiado (`PUT /api/loterias/:id/premios`), en euros. */
export const PremiosEntradaSchema = z.object({
  premios: z
    .array(z.object({ numero: NumeroLoteriaSchema, premioDecimo: EurosNoNegativoSchema }))
    .max(NUMEROS_MAX, { error: `Como mucho ${NUMEROS_MAX} números` })
    .refine((ps) => new Set(ps.map((p) => p.numero)).size === ps.length, {
      error: "Hay un número con dos premios",
    }),
});
export type PremiosEntrada = z.output<typeof PremiosEntradaSchema>;

/** El estado de una participación para quien la verifica. */
export const ESTADOS_PARTICIPACION = ["valida", "anulada", "devuelta"] as const;
export type EstadoParticipacion = (typeof ESTADOS_PARTICIPACION)[number];

/** El premio de una participación, en euros. */
export const PremioParticipacionSchema = z.object({
  bruto: z.number(),
  retencion: z.number(),
  neto: z.number(),
  /** Si ya se ha pagado. */
  pagado: z.boolean(),
});
export type PremioParticipacion = z.infer<typeof PremioParticipacionSchema>;

/**
 * Lo que responde la verificación pública de una participación
 * (`GET /api/loterias/participaciones/:codigo`): nada de quién la tiene. Importes en euros.
 */
export const VerificacionParticipacionSchema = z.object({
  loteria: z.string(),
  sorteo: z.string(),
  fechaSorteo: z.string(),
  numeros: z.array(z.string()),
  serie: z.int(),
  importeJugado: z.number(),
  donativo: z.number(),
  /** Importe jugado + donativo. */
  precio: z.number(),
  estado: z.enum(ESTADOS_PARTICIPACION),
  /** Después del sorteo, con los premios anotados (null antes, o si no es válida). */
  premio: PremioParticipacionSchema.nullable(),
});
export type VerificacionParticipacion = z.infer<typeof VerificacionParticipacionSchema>;
