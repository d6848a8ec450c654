import { z } from "zod";
import { FechaSchema, IdSchema, textoCorto } from "../comun/esquemas";
import { CAMPOS_CAMBIO_CENSO, CAMPOS_CENSO, type CampoCenso } from "./censo";

const AnyoSchema = z.coerce
  .number({ error: "El año no es válido" })
  .int({ error: "El año no es válido" })
  .min(1900, { error: "El año no es válido" })
  .max(2200, { error: "El año no es válido" });

/** `?anyo=` de las consultas por año (sin él, el año en curso). */
export const AnyoQuerySchema = z.object({ anyo: AnyoSchema.optional() });

export const CensoQuerySchema = z.object({
  anyo: AnyoSchema.optional(),
  formato: z.enum(["json", "xlsx", "csv", "pdf"]).default("json"),
});

export const SeguroQuerySchema = z.object({
  anyo: AnyoSchema.optional(),
  formato: z.enum(["json", "xlsx", "csv", "pdf"]).default("json"),
});

export const FilaCensoSchema = z.object({
  idSocio: IdSchema,
  nif: z.string(),
  nombre: z.string(),
  apellidos: z.string(),
  fechaNacimiento: z.string().nullable(),
  sexo: z.string(),
  tipo: z.string(),
  anyoAlta: z.int().nullable(),
  antiguedad: z.int(),
  cargo: z.string(),
  escuadra: z.string(),
});

const ValorCambioSchema = z.union([z.string(), z.number()]).nullable();

export const CensoSchema = z.object({
  anyo: z.int(),
  columnas: z.array(z.object({ campo: z.enum(CAMPOS_CENSO), nombre: z.string() })),
  filas: z.array(FilaCensoSchema),
  /** El último censo enviado, del que cuentan los cambios (null: nunca se ha enviado). */
  ultimoEnvio: z
    .object({ id: IdSchema, anyo: z.int(), enviadoEn: z.iso.datetime(), total: z.int() })
    .nullable(),
  cambios: z.object({
    altas: z.array(FilaCensoSchema),
    bajas: z.array(FilaCensoSchema),
    modificados: z.array(
      z.object({
        fila: FilaCensoSchema,
        campos: z.array(
          z.object({
            campo: z.enum(CAMPOS_CAMBIO_CENSO),
            antes: ValorCambioSchema,
            despues: ValorCambioSchema,
          }),
        ),
      }),
    ),
  }),
});
export type Censo = z.infer<typeof CensoSchema>;

export const EnvioCensoEntradaSchema = z.object({ anyo: AnyoSchema });

export const EnvioCensoSchema = z.object({
  id: IdSchema,
  anyo: z.int(),
  enviadoEn: z.iso.datetime(),
  total: z.int(),
  altas: z.int(),
  bajas: z.int(),
  modificados: z.int(),
});
export type EnvioCenso = z.infer<typeof EnvioCensoSchema>;

export const ListaEnviosCensoSchema = z.object({ items: z.array(EnvioCensoSchema) });

const ColumnaPropia = textoCorto(100).optional();
const ColumnasPropiasSchema = z.object({
  nif: ColumnaPropia,
  nombre: ColumnaPropia,
  apellidos: ColumnaPropia,
  fechaNacimiento: ColumnaPropia,
  sexo: ColumnaPropia,
  tipo: ColumnaPropia,
  anyoAlta: ColumnaPropia,
  antiguedad: ColumnaPropia,
  cargo: ColumnaPropia,
  escuadra: ColumnaPropia,
} satisfies Record<CampoCenso, unknown>);

/** `GET/PUT /api/federacion/ajustes`: fechas de las fiestas, tipos que cuentan y columnas. */
export const AjustesFederacionSchema = z
  .object({
    fiestasDesde: FechaSchema.nullable(),
    fiestasHasta: FechaSchema.nullable(),
    /** Los tipos de socio que la federación cuenta como festeros (vacío: todos). */
    idsTipoSocio: z.array(IdSchema).max(200),
    /** El nombre de cada columna que pide la federación (vacío: el de la filà). */
    columnas: ColumnasPropiasSchema,
  })
  .superRefine((a, ctx) => {
    if (a.fiestasDesde && a.fiestasHasta && a.fiestasHasta < a.fiestasDesde) {
      ctx.addIssue({
        code: "custom",
        path: ["fiestasHasta"],
        message: "Las fiestas no pueden acabar antes de empezar",
      });
    }
  });
export type AjustesFederacion = z.infer<typeof AjustesFederacionSchema>;

/** La lista del seguro: los festeros del censo en las fechas de las fiestas. */
export const SeguroSchema = z.object({
  anyo: z.int(),
  fiestasDesde: z.string().nullable(),
  fiestasHasta: z.string().nullable(),
  filas: z.array(FilaCensoSchema),
});
