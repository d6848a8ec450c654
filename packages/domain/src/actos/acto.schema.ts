import { z } from "zod";
import {
  EurosNoNegativoSchema,
  FechaOpcionalSchema,
  FechaSchema,
  HoraSchema,
  IdEntidadSchema,
  IdReferenciaSchema,
  IdSchema,
  textoCorto,
} from "../comun/esquemas";
import { TurnoSchema, TurnosSchema } from "./cena";

/** Precio de un acto para un tipo de socio, cobrado mediante un producto (cuota). */
export const PrecioActoSchema = z.object({
  id: IdEntidadSchema,
  idTipoSocio: IdSchema,
  idProducto: IdReferenciaSchema,
  idActo: IdEntidadSchema,
  precio: EurosNoNegativoSchema,
});
export type PrecioActo = z.infer<typeof PrecioActoSchema>;

/** Máximos razonables de un acto. */
export const AFORO_MAX = 100_000;
export const INVITADOS_MAX = 50;
export const MENUS_MAX = 20;

/**
 * Un acto tal como lo devuelve la API: primero los campos de SPEC §3, en su orden, y
 * después los añadidos del issue 5. `plazasLibres` es de solo lectura (null = sin aforo).
 */
export const ActoSchema = z.object({
  id: IdEntidadSchema,
  nombre: textoCorto(200).min(1, { error: "El nombre es obligatorio" }),
  fecha: FechaSchema,
  hora: HoraSchema.default(""),
  lugar: textoCorto(200).default(""),
  inscripcionAutomatica: z.boolean().default(false),
  sePaga: z.boolean().default(false),
  esInterno: z.boolean().default(false),
  puntos: z.int().min(0).max(100_000).default(0),
  observaciones: z.string().max(5000).default(""),
  fechaMaximaInscripcion: FechaOpcionalSchema,
  precios: z.array(PrecioActoSchema).default([]),
  numInscritos: z.int().nonnegative().default(0),
  idTipoActo: IdReferenciaSchema,
  descripcion: z.string().max(5000).default(""),
  /** The description in Valencian ('' = none; the reader gets `descripcionActo`, issue 38). */
  descripcionVa: z.string().max(5000).default(""),
  imagen: z.string().nullable().default(null),
  /** null = sin límite de plazas. */
  aforo: z.int().positive().nullable().default(null),
  /** Invitados que puede llevar cada socio (0 = no se admiten). */
  invitadosMax: z.int().min(0).default(0),
  precioInvitado: EurosNoNegativoSchema.default(0),
  /** Opciones de menú entre las que elegir; vacía = sin elección. */
  menus: z.array(z.string()).default([]),
  cancelado: z.boolean().default(false),
  /** Solo lectura: plazas que quedan (null = sin aforo). */
  plazasLibres: z.int().nullable().default(null),
  /** Con aforo: lleno, las inscripciones siguientes entran en la lista de espera. */
  listaEspera: z.boolean().default(false),
  /** Solo lectura: inscripciones en la lista de espera. */
  numEnEspera: z.int().nonnegative().default(0),
  /** Turnos de inscripción (issue 50); [] = sin turnos. */
  turnos: z.array(TurnoSchema).default([]),
  /** Horas para pagar una inscripción o perder la plaza; null = sin plazo. */
  plazoPagoHoras: z.int().positive().nullable().default(null),
  /** Plazas de cada mesa de una cena con mesas; null = sin mesas. */
  plazasPorMesa: z.int().positive().nullable().default(null),
});
export type Acto = z.infer<typeof ActoSchema>;

/**
 * Al cancelar un acto, cada inscripción cuyo dinero sigue en manos de la junta: lo ya cobrado de
 * su cargo (entero, o las partes de un cobro parcial o de un pago en línea por menos), que hay que
 * devolver al socio, y lo que está en una remesa aún sin cobrar, que se cobra o se devuelve desde
 * ella. Lo que quedaba por pagar fuera de una remesa se anula.
 */
export const DevolucionActoSchema = z.object({
  idInscripcion: IdSchema,
  idSocio: IdSchema,
  nombre: z.string(),
  apellidos: z.string(),
  /** El cargo de la inscripción (en pagos, con sus partes pagadas: `idPagoOrigen`). */
  idPago: IdSchema,
  /** Euros ya cobrados: a devolver. */
  pagado: EurosNoNegativoSchema,
  /** Euros en una remesa aún sin cobrar (0 si no hay). */
  enRemesa: EurosNoNegativoSchema,
});
export type DevolucionActo = z.infer<typeof DevolucionActoSchema>;

/** La respuesta de cancelar un acto: el acto y las devoluciones que quedan para la junta. */
export const ActoCanceladoSchema = ActoSchema.extend({
  devoluciones: z.array(DevolucionActoSchema),
});
export type ActoCancelado = z.infer<typeof ActoCanceladoSchema>;

const entero = (max: number) =>
  z
    .int({ error: "Introduce un número entero" })
    .min(0, { error: "No puede ser negativo" })
    .max(max, { error: `No puede ser mayor que ${max}` });

/** Precio por tipo de socio al crear o modificar un acto. */
export const PrecioActoEntradaSchema = z.object({
  idTipoSocio: z
    .int({ error: "Elige un tipo de socio válido" })
    .positive({ error: "Elige un tipo de socio válido" }),
  idProducto: z
    .int({ error: "Elige un producto válido" })
    .positive({ error: "Elige un producto válido" })
    .nullable()
    .default(null),
  precio: EurosNoNegativoSchema,
});
export type PrecioActoEntrada = z.output<typeof PrecioActoEntradaSchema>;

/** Cuerpo de `POST /api/actos` y `PUT /api/actos/:id` (sin `id`, ni derivados). */
export const ActoEntradaSchema = z
  .object({
    nombre: z
      .string({ error: "El nombre es obligatorio" })
      .trim()
      .min(1, { error: "El nombre es obligatorio" })
      .max(200, { error: "No puede tener más de 200 caracteres" }),
    fecha: FechaSchema,
    hora: HoraSchema.default(""),
    lugar: textoCorto(200).default(""),
    inscripcionAutomatica: z.boolean({ error: "Indica sí o no" }).default(false),
    sePaga: z.boolean({ error: "Indica sí o no" }).default(false),
    esInterno: z.boolean({ error: "Indica sí o no" }).default(false),
    puntos: entero(100_000).default(0),
    observaciones: textoCorto(5000).default(""),
    fechaMaximaInscripcion: FechaSchema.nullable().default(null),
    precios: z.array(PrecioActoEntradaSchema).max(100).default([]),
    idTipoActo: z
      .int({ error: "Elige un tipo de acto válido" })
      .positive({ error: "Elige un tipo de acto válido" })
      .nullable()
      .default(null),
    descripcion: textoCorto(5000).default(""),
    descripcionVa: textoCorto(5000).default(""),
    imagen: textoCorto(500).nullable().default(null),
    aforo: z
      .int({ error: "El aforo es un número entero" })
      .min(1, { error: "El aforo debe ser al menos 1 (déjalo vacío si no hay límite)" })
      .max(AFORO_MAX, { error: `El aforo no puede ser mayor que ${AFORO_MAX}` })
      .nullable()
      .default(null),
    invitadosMax: entero(INVITADOS_MAX).default(0),
    precioInvitado: EurosNoNegativoSchema.default(0),
    menus: z
      .array(
        z
          .string({ error: "Escribe el nombre del menú" })
          .trim()
          .min(1, { error: "Escribe el nombre del menú" })
          .max(100, { error: "No puede tener más de 100 caracteres" }),
      )
      .max(MENUS_MAX, { error: `Como mucho ${MENUS_MAX} menús` })
      .default([]),
    /**
     * Sin él: al crear, sí cuando hay aforo; al modificar, se conserva el que tenía. Quitarla
     * no saca a nadie de la lista.
     */
    listaEspera: z.boolean({ error: "Indica sí o no" }).optional(),
    /** Turnos: el último, la apertura general sin filtros (issue 50). */
    turnos: TurnosSchema.default([]),
    plazoPagoHoras: z
      .int({ error: "El plazo es un número entero de horas" })
      .min(1, { error: "El plazo es de al menos 1 hora" })
      .max(8760, { error: "El plazo no puede pasar de 8760 horas" })
      .nullable()
      .default(null),
    plazasPorMesa: z
      .int({ error: "Las plazas por mesa son un número entero" })
      .min(2, { error: "Una mesa tiene al menos 2 plazas" })
      .max(1000, { error: "Como mucho 1000 plazas por mesa" })
      .nullable()
      .default(null),
  })
  .superRefine((a, ctx) => {
    if (a.fechaMaximaInscripcion && a.fechaMaximaInscripcion > a.fecha) {
      ctx.addIssue({
        code: "custom",
        path: ["fechaMaximaInscripcion"],
        message: "La fecha máxima de inscripción no puede ser posterior al acto",
      });
    }
    const tipos = a.precios.map((p) => p.idTipoSocio);
    if (new Set(tipos).size !== tipos.length) {
      ctx.addIssue({
        code: "custom",
        path: ["precios"],
        message: "Hay dos precios para el mismo tipo de socio",
      });
    }
    if (a.plazasPorMesa !== null && a.invitadosMax + 1 > a.plazasPorMesa) {
      ctx.addIssue({
        code: "custom",
        path: ["plazasPorMesa"],
        message: "Un socio con todos sus invitados tiene que caber en una mesa",
      });
    }
    if (a.plazoPagoHoras !== null && !a.sePaga) {
      ctx.addIssue({
        code: "custom",
        path: ["plazoPagoHoras"],
        message: "El plazo de pago es de los actos que se pagan",
      });
    }
    const menus = a.menus.map((m) => m.toLocaleLowerCase("es"));
    if (new Set(menus).size !== menus.length) {
      ctx.addIssue({ code: "custom", path: ["menus"], message: "Hay menús repetidos" });
    }
  });
export type ActoEntrada = z.output<typeof ActoEntradaSchema>;

/** Cuerpo de `POST /api/actos/:id/copia`: sin fecha, la copia conserva la del original. */
export const ActoCopiaSchema = z.object({
  fecha: FechaSchema.optional(),
  fechaMaximaInscripcion: FechaSchema.nullable().optional(),
});
export type ActoCopia = z.output<typeof ActoCopiaSchema>;

export const ORDENES_ACTOS = ["fecha", "nombre", "id"] as const;
const ordenesActos = [...ORDENES_ACTOS, ...ORDENES_ACTOS.map((o) => `-${o}` as const)] as const;
const uno = z.coerce.number().int();

/** `GET /api/actos?cuando=proximos|pasados&q&sort&page&pageSize`. */
export const ListaActosQuerySchema = z.object({
  cuando: z
    .enum(["proximos", "pasados", "todos"], { error: "cuando es proximos, pasados o todos" })
    .default("todos"),
  q: z.string().trim().max(100, { error: "La búsqueda es demasiado larga" }).optional(),
  page: uno.min(1, { error: "La página empieza en 1" }).default(1),
  pageSize: uno
    .min(1, { error: "El tamaño de página va de 1 a 200" })
    .max(200, { error: "El tamaño de página va de 1 a 200" })
    .default(50),
  /** Por defecto: próximos por fecha ascendente; pasados y todos, descendente. */
  sort: z
    .enum(ordenesActos, {
      error: `Ordena por: ${ORDENES_ACTOS.join(", ")} (con - delante para descendente)`,
    })
    .optional(),
});
export type ListaActosQuery = z.output<typeof ListaActosQuerySchema>;
