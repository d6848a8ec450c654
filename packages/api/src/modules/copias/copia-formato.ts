import { z } from "zod";

/**
 * The backup file (`fila-copia-AAAA-MM-DD-HHMM.fila.gz`): gzip of UTF-8 lines, one JSON object
 * each, in this order (docs/COPIAS.md):
 *
 * 1. the header: `{"formato":"fila-copia","version":1,"app","creada","motor","migraciones":[…]}`
 * 2. per table, parents before children: `{"tipo":"tabla","nombre","columnas":[…],"filas":n}`
 *    and then n lines `{"f":{columna: valor…}}` (the row as PostgreSQL's `to_jsonb`)
 * 3. per uploaded file under DATA_DIR/files: `{"tipo":"archivo","ruta","bytes","sha256"}` and
 *    then its content in lines `{"b":"<base64>"}`
 * 4. the end: `{"tipo":"fin","tablas":t,"archivos":a}`; without it the file is incomplete.
 */
export const FORMATO = "fila-copia";
export const VERSION_FORMATO = 1;
/** Raw bytes of a file per `{"b"}` line. */
export const BYTES_POR_TROZO = 64 * 1024;

export const CabeceraSchema = z.object({
  formato: z.literal(FORMATO),
  version: z.int().positive(),
  app: z.string(),
  creada: z.string(),
  motor: z.enum(["pglite", "postgres"]),
  migraciones: z.array(z.string()),
});
export type Cabecera = z.infer<typeof CabeceraSchema>;

export const TablaSchema = z.object({
  tipo: z.literal("tabla"),
  nombre: z.string(),
  columnas: z.array(z.string()).min(1),
  filas: z.int().nonnegative(),
});

/** A stored file's path: folders and names as the server makes them, never `..`. */
const RUTA = /^(?:[a-z0-9][a-z0-9._-]{0,100}\/){0,3}[a-z0-9][a-z0-9._-]{0,100}$/i;

export const ArchivoSchema = z.object({
  tipo: z.literal("archivo"),
  ruta: z.string().regex(RUTA),
  bytes: z.int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const FinSchema = z.object({
  tipo: z.literal("fin"),
  tablas: z.int().nonnegative(),
  archivos: z.int().nonnegative(),
});

export const FilaSchema = z.object({ f: z.record(z.string(), z.unknown()) });
export const TrozoSchema = z.object({ b: z.base64() });

export const linea = (valor: unknown) => `${JSON.stringify(valor)}\n`;
