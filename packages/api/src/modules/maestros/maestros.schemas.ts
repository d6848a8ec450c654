import { booleanoQuery, COLOR_POR_DEFECTO } from "@fila/domain";
import { z } from "zod";
import type { ClaseMaestro } from "./maestros.config.js";

export const NOMBRE_MAX = 80;
export const DESCRIPCION_MAX = 500;

const MENSAJE_NOMBRE_OBLIGATORIO = "El nombre es obligatorio.";
const MENSAJE_COLOR = "Introduce un color válido en formato #rrggbb.";

const NombreSchema = z
  .string({ error: MENSAJE_NOMBRE_OBLIGATORIO })
  .trim()
  .min(1, { error: MENSAJE_NOMBRE_OBLIGATORIO })
  .max(NOMBRE_MAX, { error: `El nombre no puede tener más de ${NOMBRE_MAX} caracteres.` });

const DescripcionSchema = z
  .string({ error: "La descripción debe ser un texto." })
  .trim()
  .max(DESCRIPCION_MAX, {
    error: `La descripción no puede tener más de ${DESCRIPCION_MAX} caracteres.`,
  });

const ColorSchema = z
  .string({ error: MENSAJE_COLOR })
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, { error: MENSAJE_COLOR });

const ActivoSchema = z.boolean({ error: "Indica sí o no (true o false)." });
const DomiciliadaSchema = z.boolean({ error: "Indica sí o no (true o false)." });
const CuentaTesoreriaSchema = z
  .int({ error: "La cuenta de tesorería no es válida." })
  .positive({ error: "La cuenta de tesorería no es válida." })
  .max(2_147_483_647, { error: "La cuenta de tesorería no es válida." })
  .nullable();

const comunes = {
  id: z.int(),
  nombre: z.string(),
  descripcion: z.string(),
  activo: z.boolean(),
  enUso: z.int().describe("Cuántos registros lo usan (socios, actos, precios, cobros)"),
};

export const MaestroColorSchema = z.object({ ...comunes, color: z.string() });
export const FormaPagoSchema = z.object({
  ...comunes,
  domiciliada: z.boolean(),
  idCuentaTesoreria: z
    .int()
    .nullable()
    .describe("La cuenta de tesorería de sus cobros en ventanilla (null: la del banco)"),
});
export type MaestroColor = z.infer<typeof MaestroColorSchema>;
export type FormaPago = z.infer<typeof FormaPagoSchema>;
export type Maestro = MaestroColor | FormaPago;

const CrearColorSchema = z.object({
  nombre: NombreSchema,
  descripcion: DescripcionSchema.default(""),
  color: ColorSchema.default(COLOR_POR_DEFECTO),
  activo: ActivoSchema.default(true),
});
const CrearFormaPagoSchema = z.object({
  nombre: NombreSchema,
  descripcion: DescripcionSchema.default(""),
  domiciliada: DomiciliadaSchema.default(false),
  activo: ActivoSchema.default(true),
  idCuentaTesoreria: CuentaTesoreriaSchema.default(null),
});

/** A write: every field the master has (its own field is the only one that differs). */
export type DatosMaestro = {
  nombre: string;
  descripcion: string;
  activo: boolean;
  color?: string;
  domiciliada?: boolean;
  idCuentaTesoreria?: number | null;
};
export type CambiosMaestro = Partial<DatosMaestro>;

export function esquemasDe(clase: ClaseMaestro) {
  const item = clase === "color" ? MaestroColorSchema : FormaPagoSchema;
  const crear = clase === "color" ? CrearColorSchema : CrearFormaPagoSchema;
  // PUT and PATCH change only the fields sent: `{"activo": false}` deactivates.
  const cambiar =
    clase === "color"
      ? z.object({
          nombre: NombreSchema.optional(),
          descripcion: DescripcionSchema.optional(),
          color: ColorSchema.optional(),
          activo: ActivoSchema.optional(),
        })
      : z.object({
          nombre: NombreSchema.optional(),
          descripcion: DescripcionSchema.optional(),
          domiciliada: DomiciliadaSchema.optional(),
          activo: ActivoSchema.optional(),
          idCuentaTesoreria: CuentaTesoreriaSchema.optional(),
        });
  const lista = z.object({
    items: z.array(item),
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
  });
  return { item, crear, cambiar, lista };
}

export const ORDENES = ["nombre", "-nombre", "id", "-id"] as const;
export type Orden = (typeof ORDENES)[number];

export const ListaQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, { error: "La búsqueda no puede tener más de 100 caracteres." })
    .optional(),
  activo: booleanoQuery("activo").optional(),
  page: z.coerce
    .number({ error: "La página debe ser un número." })
    .int({ error: "La página debe ser un número entero." })
    .min(1, { error: "La página empieza en 1." })
    .default(1),
  pageSize: z.coerce
    .number({ error: "El tamaño de página debe ser un número." })
    .int({ error: "El tamaño de página debe ser un número entero." })
    .min(1, { error: "El tamaño de página debe ser al menos 1." })
    .max(200, { error: "El tamaño de página no puede pasar de 200." })
    .default(50),
  sort: z.enum(ORDENES, { error: `Ordena por uno de: ${ORDENES.join(", ")}.` }).default("nombre"),
});
export type ListaQuery = z.infer<typeof ListaQuerySchema>;

export const IdParamsSchema = z.object({
  id: z.coerce
    .number({ error: "El identificador no es válido." })
    .int({ error: "El identificador no es válido." })
    .positive({ error: "El identificador no es válido." })
    .max(2_147_483_647, { error: "El identificador no es válido." }),
});
