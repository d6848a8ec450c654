import {
  aCentimos,
  aEuros,
  type FiltrosSocios,
  fechaLimiteEdad,
  hoyIso,
  normalizarBusqueda,
  type OrdenSocios,
  type SocioEntrada,
  type SocioVista,
} from "@fila/domain";
import {
  type Expression,
  type ExpressionBuilder,
  expressionBuilder,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  sql,
} from "kysely";
import type { Database } from "../../db/database.js";
import type { DB, SocioTable } from "../../db/schema.js";
import { versionDatosQuieta } from "../../db/version-datos.js";
import { DomainError } from "../../errors/domain-error.js";
import type { ClaveMensaje } from "../../errors/mensajes.js";
import {
  type EntradaAuditoria,
  type EntradaHistorial,
  historialDe,
  registrarAuditoria,
} from "../../services/auditoria.js";
import { enGrupos } from "../estructura/pertenencias.js";

export type TipoSocioFila = { id: number; nombre: string; descripcion: string; color: string };

/**
 * A stored member in API units (euros, 0 for "none"), without the fields derived on read.
 * `derramaPagada` and `ramellPago1..5` come from the member's paid charges (see `conCobros`).
 */
export type SocioGuardado = Omit<SocioVista, "derramaAnual" | "derramaPendiente" | "edad">;

export type SocioResumenFila = Pick<
  SocioGuardado,
  "id" | "nombre" | "apellidos" | "matricula" | "tipo"
>;

/** Counts of what refers to a member; any above 0 keeps it from being deleted. */
export type ImpedimentosBorrado = {
  /** Charges where the member is the debtor or the payer. */
  pagos: number;
  /** Enrolments with attendance marked (they give points). A charged one counts in `pagos`. */
  asistencias: number;
  /** Other members whose payer, parent or partner this member is. */
  pagaA: number;
  hijos: number;
  parejas: number;
  /** Login accounts linked to the member. */
  cuentas: number;
};

/** Writable fields as the service speaks them: `tipo` is the member type's id. */
export type DatosSocio = SocioEntrada;

type FilaSocio = Selectable<SocioTable>;

const ENTIDAD = "socio";

const nulo0 = (n: number | null) => (n ? n : null);
const centimos = (euros: number) => aCentimos(euros);

/** API field → column, with the conversions both ways where the units differ. */
export const COLUMNAS_SOCIO = {
  nombre: "nombre",
  apellidos: "apellidos",
  direccion: "direccion",
  poblacion: "poblacion",
  telefono: "telefono",
  email: "email",
  fechaNacimiento: "fecha_nacimiento",
  nif: "nif",
  anyoAlta: "anyo_alta",
  tipo: "id_tipo_socio",
  tipoPago: "tipo_pago",
  idFormaPago: "id_forma_pago",
  fechaAlta: "fecha_alta",
  activo: "activo",
  provincia: "provincia",
  codPostal: "cod_postal",
  matricula: "matricula",
  idPagador: "id_pagador",
  pagarDerrama: "pagar_derrama",
  tipoDerrama: "tipo_derrama",
  anyoDerrama: "anyo_derrama",
  importeDerrama: "importe_derrama",
  anyosPagoDerrama: "anyos_pago_derrama",
  idPareja: "id_pareja",
  nombreYerno: "nombre_yerno",
  ramell: "ramell",
  tipoPagoRamell: "tipo_pago_ramell",
  anyoRamell: "anyo_ramell",
  ramellPago1: "ramell_pago1",
  ramellPago2: "ramell_pago2",
  ramellPago3: "ramell_pago3",
  ramellPago4: "ramell_pago4",
  ramellPago5: "ramell_pago5",
  sexo: "sexo",
  comentarios: "comentarios",
  iban: "iban",
  bic: "bic",
  mandatoId: "mandato_id",
  mandatoFecha: "mandato_fecha",
  idPadre: "id_padre",
  numDamas: "num_damas",
  edadFestera: "edad_festera",
  fechaBaja: "fecha_baja",
  motivoBaja: "motivo_baja",
} as const satisfies Record<keyof DatosSocio, keyof FilaSocio>;

const A_BD: Partial<Record<keyof DatosSocio, (v: never) => unknown>> = {
  nif: (v: string) => v || null,
  anyoAlta: nulo0,
  matricula: nulo0,
  anyoDerrama: nulo0,
  anyoRamell: nulo0,
  importeDerrama: centimos,
  ramellPago1: centimos,
  ramellPago2: centimos,
  ramellPago3: centimos,
  ramellPago4: centimos,
  ramellPago5: centimos,
};

function aColumnas(datos: Partial<DatosSocio>): Record<string, unknown> {
  const fila: Record<string, unknown> = {};
  for (const [campo, valor] of Object.entries(datos)) {
    if (valor === undefined) continue;
    const columna = COLUMNAS_SOCIO[campo as keyof DatosSocio];
    if (!columna) continue;
    const convertir = A_BD[campo as keyof DatosSocio] as ((v: unknown) => unknown) | undefined;
    fila[columna] = convertir ? convertir(valor) : valor;
  }
  return fila;
}

/**
 * A member's row as `consultaSocios` reads it: the `socio` row as one JSON value (its timestamps
 * then arrive as text, and none of them is read here), its type's fields and its levy/ramell
 * charges.
 */
type FilaSocioLeida = {
  socio: Omit<FilaSocio, "creado_en" | "actualizado_en" | "anonimizado_en">;
  tipo_nombre: string | null;
  tipo_descripcion: string | null;
  tipo_color: string | null;
  cobros: CobroDerramaRamell[];
};

function tipoDe(f: FilaSocioLeida): TipoSocioFila | null {
  if (!f.socio.id_tipo_socio || f.tipo_nombre === null) return null;
  return {
    id: f.socio.id_tipo_socio,
    nombre: f.tipo_nombre,
    descripcion: f.tipo_descripcion ?? "",
    color: f.tipo_color ?? "",
  };
}

/** The member as the API speaks it, with the figures its charges give (`conCobros`). */
function deFila(leida: FilaSocioLeida): SocioGuardado {
  return conCobros(deColumnas(leida), leida.cobros);
}

function deColumnas(leida: FilaSocioLeida): SocioGuardado {
  const f = leida.socio;
  return {
    id: f.id,
    nombre: f.nombre,
    apellidos: f.apellidos,
    direccion: f.direccion,
    poblacion: f.poblacion,
    telefono: f.telefono,
    email: f.email,
    fechaNacimiento: f.fecha_nacimiento,
    nif: f.nif ?? "",
    anyoAlta: f.anyo_alta ?? 0,
    tipo: tipoDe(leida),
    tipoPago: f.tipo_pago as SocioGuardado["tipoPago"],
    idFormaPago: f.id_forma_pago,
    fechaAlta: f.fecha_alta,
    activo: f.activo,
    provincia: f.provincia,
    codPostal: f.cod_postal,
    matricula: f.matricula ?? 0,
    idPagador: f.id_pagador,
    pagarDerrama: f.pagar_derrama as SocioGuardado["pagarDerrama"],
    tipoDerrama: f.tipo_derrama as SocioGuardado["tipoDerrama"],
    anyoDerrama: f.anyo_derrama ?? 0,
    importeDerrama: aEuros(f.importe_derrama),
    anyosPagoDerrama: f.anyos_pago_derrama,
    idPareja: f.id_pareja,
    nombreYerno: f.nombre_yerno,
    ramell: f.ramell as SocioGuardado["ramell"],
    tipoPagoRamell: f.tipo_pago_ramell as SocioGuardado["tipoPagoRamell"],
    anyoRamell: f.anyo_ramell ?? 0,
    ramellPago1: aEuros(f.ramell_pago1),
    ramellPago2: aEuros(f.ramell_pago2),
    ramellPago3: aEuros(f.ramell_pago3),
    ramellPago4: aEuros(f.ramell_pago4),
    ramellPago5: aEuros(f.ramell_pago5),
    sexo: f.sexo as SocioGuardado["sexo"],
    comentarios: f.comentarios,
    iban: f.iban,
    bic: f.bic,
    mandatoId: f.mandato_id,
    mandatoFecha: f.mandato_fecha,
    idPadre: f.id_padre,
    numDamas: f.num_damas,
    edadFestera: f.edad_festera,
    imagen: f.imagen,
    fechaBaja: f.fecha_baja,
    motivoBaja: f.motivo_baja,
    noEnvios: f.no_envios ?? false,
    derramaPagada: 0,
  };
}

/** Paid cents of a member's levy and ramell charges, per product type, year and instalment. */
type CobroDerramaRamell = {
  tipo: string;
  anyo: number;
  plazo: number;
  pagado: number;
  vivos: number;
};

/**
 * The levy paid is the sum of the member's paid `derrama` charges. `ramellPago1..5` are what
 * each instalment of the ramell charges of `anyoRamell` (else this year) paid; a member without
 * such charges keeps the stored figures (imported from the old register).
 */
function conCobros(s: SocioGuardado, cobros: CobroDerramaRamell[]): SocioGuardado {
  const derrama = cobros.filter((c) => c.tipo === "derrama").reduce((t, c) => t + c.pagado, 0);
  const anyoRamell = s.anyoRamell || Number(hoyIso().slice(0, 4));
  const ramell = cobros.filter((c) => c.tipo === "ramell" && c.anyo === anyoRamell);
  const conRamell = ramell.some((c) => c.vivos > 0);
  const plazo = (n: number) =>
    aEuros(ramell.filter((c) => c.plazo === n).reduce((t, c) => t + c.pagado, 0));
  return {
    ...s,
    derramaPagada: aEuros(derrama),
    ...(conRamell
      ? {
          ramellPago1: plazo(1),
          ramellPago2: plazo(2),
          ramellPago3: plazo(3),
          ramellPago4: plazo(4),
          ramellPago5: plazo(5),
        }
      : {}),
  };
}

/** Sort keys; `nulos` marks columns that can be null (they go last either way). */
const ORDEN: Record<OrdenSocios, { columna: string | null; nulos?: boolean; invertir?: boolean }> =
  {
    // Generated accent-free keys (migration 0003), indexed together with id.
    apellidos: { columna: "socio.orden_apellidos" },
    nombre: { columna: "socio.orden_nombre" },
    matricula: { columna: "socio.matricula", nulos: true },
    fechaAlta: { columna: "socio.fecha_alta", nulos: true },
    fechaNacimiento: { columna: "socio.fecha_nacimiento", nulos: true },
    // Older is a larger age: sort by birth date the other way round.
    edad: { columna: "socio.fecha_nacimiento", nulos: true, invertir: true },
    anyoAlta: { columna: "socio.anyo_alta", nulos: true },
    edadFestera: { columna: "socio.edad_festera" },
    id: { columna: null },
  };

/** ORDER BY terms for a list `sort` ("apellidos", "-edad", …), ending with id so pages are stable. */
/** The ORDER BY terms of the list, as one expression (Kysely's array form is deprecated). */
export function ordenSocios(sort: string): RawBuilder<unknown> {
  const descendente = sort.startsWith("-");
  const orden = ORDEN[sort.replace(/^-/, "") as OrdenSocios];
  const dir = sql.raw(descendente !== Boolean(orden.invertir) ? "desc" : "asc");
  const terminos: RawBuilder<unknown>[] = [];
  if (orden.columna) {
    terminos.push(
      orden.nulos
        ? sql`${sql.ref(orden.columna)} ${dir} nulls last`
        : sql`${sql.ref(orden.columna)} ${dir}`,
    );
  }
  terminos.push(sql`socio.id ${dir}`);
  return sql.join(terminos);
}

const escaparLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The list's filters; the export uses them too, so a file holds exactly what the list shows. */
export function condicionesSocios(
  eb: ExpressionBuilder<DB, "socio">,
  filtros: FiltrosSocios,
  hoy: string,
): Expression<SqlBool> {
  const y: Expression<SqlBool>[] = [];
  const palabras = normalizarBusqueda(filtros.q ?? "")
    .split(" ")
    .filter(Boolean);
  for (const palabra of palabras) {
    y.push(eb("socio.busqueda", "like", `%${escaparLike(palabra)}%`));
  }
  if (filtros.tipo !== undefined) y.push(eb("socio.id_tipo_socio", "=", filtros.tipo));
  if (filtros.activo !== undefined) y.push(eb("socio.activo", "=", filtros.activo));
  if (filtros.sexo !== undefined) y.push(eb("socio.sexo", "=", filtros.sexo));
  if (filtros.edadMin !== undefined) {
    y.push(eb("socio.fecha_nacimiento", "<=", fechaLimiteEdad(hoy, filtros.edadMin)));
  }
  if (filtros.edadMax !== undefined) {
    y.push(eb("socio.fecha_nacimiento", ">", fechaLimiteEdad(hoy, filtros.edadMax + 1)));
  }
  if (filtros.conDeuda !== undefined) {
    // A charge of the member's own still to collect (`ESTADOS_POR_COBRAR`): the members whose
    // rows of `deuda_grupo` (migration 0052, by member for every year; the folded ones and the
    // rest, each by its index) count some, read once (a hashed subplan) instead of each
    // member's charges.
    const deuda = sql<boolean>`socio.id in (select id_grupo from (
        select id_grupo, num from deuda_grupo where por_pagador = false and anyo = 0 and fija
        union all
        select id_grupo, num from deuda_grupo where por_pagador = false and anyo = 0 and not fija
      ) g group by id_grupo having sum(num) <> 0)`;
    y.push(filtros.conDeuda ? deuda : eb.not(deuda));
  }
  if (filtros.grupo !== undefined) y.push(enGrupos("socio.id", [filtros.grupo]));
  return eb.and(y);
}

/**
 * The list's total read from `socio_resumen` (migration 0050: members per type and active, kept by
 * statement triggers on `socio`) when the filters are only those two, so the first page and the
 * type/active filters count a few rows instead of every member (issue 51). Any other filter, one
 * added later included, counts the members themselves.
 */
function cuentaDelResumen(
  filtros: FiltrosSocios & { page: number; pageSize: number; sort: string },
): RawBuilder<number> | undefined {
  const { page: _p, pageSize: _t, sort: _o, tipo, activo, q, ...resto } = filtros;
  const otros = Object.values(resto).some((v) => v !== undefined);
  if (otros || normalizarBusqueda(q ?? "").trim() !== "") return undefined;
  return sql<number>`(select coalesce(sum(r.num), 0)::int from socio_resumen r
    where ${tipo === undefined ? sql`true` : sql`r.id_tipo_socio = ${tipo}`}
      and ${activo === undefined ? sql`true` : sql`r.activo = ${activo}`})`;
}

const RESTRICCIONES_UNICAS: Record<string, { campo: string; clave: ClaveMensaje }> = {
  socio_matricula_uq: { campo: "matricula", clave: "socios.matricula_repetida" },
  socio_nif_uq: { campo: "nif", clave: "socios.nif_repetido" },
};

/** A unique violation that slipped past the service's check (two writers at once) is still a 409. */
function traducirError(err: unknown): never {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code === "23505") {
    const nombre =
      e.constraint ?? Object.keys(RESTRICCIONES_UNICAS).find((c) => e.message?.includes(c));
    const r = nombre ? RESTRICCIONES_UNICAS[nombre] : undefined;
    if (r) throw new DomainError("duplicado", r.clave, [r]);
  }
  throw err;
}

/**
 * Serialises the choice of membership numbers until the transaction ends: whoever holds it reads
 * the highest number and inserts the next one before anybody else reads. Members created by hand,
 * by the import or with a number typed in all take it, so none of them races another.
 */
export async function bloquearMatriculas(db: Database): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('socio:matricula'))`.execute(db);
}

/** The next free membership number: one more than the highest in use (1 for the first). */
export async function siguienteMatricula(db: Database): Promise<number> {
  const fila = await db
    .selectFrom("socio")
    .select((eb) => eb.fn.max("matricula").as("m"))
    .executeTakeFirst();
  return Number(fila?.m ?? 0) + 1;
}

export class SociosRepository {
  constructor(private readonly db: Database) {}

  /** Runs `fn` in one transaction, with a repository bound to it. */
  /** The connection (inside `transaccion`, its transaction), for another module's hook. */
  get conexion(): Database {
    return this.db;
  }

  transaccion<T>(fn: (repo: SociosRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new SociosRepository(trx)));
  }

  async tiposPorId(ids: Iterable<number | null>): Promise<Map<number, TipoSocioFila>> {
    const unicos = [...new Set([...ids].filter((i): i is number => !!i))];
    if (unicos.length === 0) return new Map();
    const filas = await this.db
      .selectFrom("tipo_socio")
      .select(["id", "nombre", "descripcion", "color"])
      .where("id", "in", unicos)
      .execute();
    return new Map(filas.map((f) => [f.id, f]));
  }

  /**
   * Members with everything the API shows of them, in one query: the type's fields joined, and
   * the levy and ramell charges summed by instalment (`conCobros`) as a JSON list per member. Those
   * charges are found by member and product (`pago_socio_producto_idx`, migration 0044): the
   * levy and ramell products first (a few a year, read once per statement), then the member's
   * charges of those products only, not all the member's charges of every year.
   * The member's 55 columns travel as one JSON value per row: decoding each column of each row
   * on its own costs PGlite about 2 µs a value, three times what parsing the row's JSON costs
   * (a page of 50: 6,5 ms against 2 ms, bench/README.md).
   */
  private consultaSocios() {
    return this.db
      .selectFrom("socio")
      .leftJoin("tipo_socio", "tipo_socio.id", "socio.id_tipo_socio")
      .select([
        sql<FilaSocioLeida["socio"]>`to_json(socio)`.as("socio"),
        "tipo_socio.nombre as tipo_nombre",
        "tipo_socio.descripcion as tipo_descripcion",
        "tipo_socio.color as tipo_color",
        sql<CobroDerramaRamell[]>`(
          select coalesce(json_agg(json_build_object(
            'tipo', c.tipo, 'anyo', c.anyo, 'plazo', c.plazo, 'pagado', c.pagado, 'vivos', c.vivos
          )), '[]'::json)
          from (
            select producto.tipo, pago.anyo, pago.plazo,
              coalesce(sum(pago.importe) filter (where pago.estado = 'pagado'), 0) as pagado,
              count(*) filter (where pago.estado <> 'anulado') as vivos
            from pago
            join producto on producto.id = pago.id_producto
            where pago.id_socio = socio.id
              and pago.id_producto = any(array(
                select id from producto where tipo in ('derrama', 'ramell')
              ))
            group by producto.tipo, pago.anyo, pago.plazo
          ) c
        )`.as("cobros"),
      ]);
  }

  async listar(
    filtros: FiltrosSocios & { page: number; pageSize: number; sort: string },
    hoy: string,
  ): Promise<{ items: SocioGuardado[]; total: number }> {
    const donde = condicionesSocios(expressionBuilder<DB, "socio">(), filtros, hoy);
    const total = (
      cuentaDelResumen(filtros) ?? sql<number>`(select count(*) from socio where ${donde})`
    ).as("total");
    const orden = ordenSocios(filtros.sort);
    // The page's ids first, from the filters and the sort keys alone (an index, or a sort of
    // narrow rows), and only then each member's JSON, type and charges, for those rows: computed
    // in the same select as the order, they were computed for every row the sort or the offset
    // went through (issue 51: 0,7 s sorted by a key without an index at 12,000 members, 5 s for
    // page 200). The page is sorted again, 50 rows, by the same keys (they end with the id).
    // With a search the matching members are read from the trigram index (migration 0044) and
    // sorted, never found by walking the sort key's index and testing each member: the planner
    // cannot tell how many match (338 of 12,000 for «pastor», 3,225 walked to fill a page; all of
    // them for a word nobody has). The subquery with `offset 0` is planned on its own, with no
    // order asked of it. Only for a word of three letters or more, which has trigrams: one or two
    // letters are in most members, and walking the sort key's index fills a page at once.
    const buscando = normalizarBusqueda(filtros.q ?? "")
      .split(" ")
      .some((palabra) => palabra.length >= 3);
    const fuente = buscando
      ? this.db
          .selectFrom("socio")
          .select([
            "socio.id",
            "socio.orden_apellidos",
            "socio.orden_nombre",
            "socio.matricula",
            "socio.fecha_alta",
            "socio.fecha_nacimiento",
            "socio.anyo_alta",
            "socio.edad_festera",
          ])
          .where(donde)
          .offset(0)
          .as("socio")
      : undefined;
    const pagina = (
      fuente
        ? this.db.selectFrom(fuente).select("socio.id")
        : this.db.selectFrom("socio").select("socio.id").where(donde)
    )
      .orderBy(orden)
      .limit(filtros.pageSize)
      .offset((filtros.page - 1) * filtros.pageSize);
    // The count rides along as an uncorrelated subquery (run once), so a page is one round trip;
    // only a page past the end, which has no row to carry it, asks for the count on its own.
    const filas = await this.consultaSocios()
      .select(total)
      .where("socio.id", "in", pagina)
      .orderBy(orden)
      .execute();
    if (filas.length > 0) return { items: filas.map(deFila), total: Number(filas[0].total) };
    const cuenta = await this.db.selectNoFrom(total).executeTakeFirst();
    return { items: [], total: Number(cuenta?.total ?? 0) };
  }

  /**
   * True when no transaction that raised `version_datos` is still under way (migration 0017: each
   * holds its shared advisory lock until it ends). Asked after the version was read and before
   * the data is: whatever raised that version has then committed (and the read will see it) or
   * rolled back, so the answer may be kept for it.
   */
  versionDatosQuieta(): Promise<boolean> {
    return versionDatosQuieta(this.db);
  }

  async porId(id: number): Promise<SocioGuardado | undefined> {
    const fila = await this.consultaSocios().where("socio.id", "=", id).executeTakeFirst();
    return fila ? deFila(fila) : undefined;
  }

  /**
   * A member's family in one query (issue 51): the members `ids` (partner, parent, payer), their
   * children and those they pay for, each with its type, found through the indexes on `id`,
   * `id_padre` and `id_pagador` together. It was six: one per group and one more for each group's
   * types, round trips that cost more than the rows.
   */
  async familia(
    id: number,
    ids: number[],
  ): Promise<{
    relacionados: SocioResumenFila[];
    hijos: SocioResumenFila[];
    pagaA: SocioResumenFila[];
  }> {
    const filas = await this.db
      .selectFrom("socio")
      .leftJoin("tipo_socio", "tipo_socio.id", "socio.id_tipo_socio")
      .select([
        "socio.id",
        "socio.nombre",
        "socio.apellidos",
        "socio.matricula",
        "socio.id_padre",
        "socio.id_pagador",
        "tipo_socio.id as tipo_id",
        "tipo_socio.nombre as tipo_nombre",
        "tipo_socio.descripcion as tipo_descripcion",
        "tipo_socio.color as tipo_color",
      ])
      .where((eb) =>
        eb.or([
          ...(ids.length > 0 ? [eb("socio.id", "in", ids)] : []),
          eb("socio.id_padre", "=", id),
          eb.and([eb("socio.id_pagador", "=", id), eb("socio.id", "<>", id)]),
        ]),
      )
      .orderBy("socio.apellidos")
      .orderBy("socio.nombre")
      .orderBy("socio.id")
      .execute();
    const resumen = (f: (typeof filas)[number]): SocioResumenFila => ({
      id: f.id,
      nombre: f.nombre,
      apellidos: f.apellidos,
      matricula: f.matricula ?? 0,
      tipo:
        f.tipo_id !== null
          ? {
              id: f.tipo_id,
              nombre: f.tipo_nombre ?? "",
              descripcion: f.tipo_descripcion ?? "",
              color: f.tipo_color ?? "",
            }
          : null,
    });
    return {
      relacionados: filas.filter((f) => ids.includes(f.id)).map(resumen),
      hijos: filas.filter((f) => f.id_padre === id).map(resumen),
      pagaA: filas.filter((f) => f.id_pagador === id && f.id !== id).map(resumen),
    };
  }

  async sociosExistentes(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const filas = await this.db.selectFrom("socio").select("id").where("id", "in", ids).execute();
    return new Set(filas.map((f) => f.id));
  }

  async existeTipoSocio(id: number): Promise<boolean> {
    return !!(await this.db
      .selectFrom("tipo_socio")
      .select("id")
      .where("id", "=", id)
      .executeTakeFirst());
  }

  async existeFormaPago(id: number): Promise<boolean> {
    return !!(await this.db
      .selectFrom("forma_pago")
      .select("id")
      .where("id", "=", id)
      .executeTakeFirst());
  }

  /** See `bloquearMatriculas`; only inside `transaccion`. */
  bloquearMatriculas(): Promise<void> {
    return bloquearMatriculas(this.db);
  }

  siguienteMatricula(): Promise<number> {
    return siguienteMatricula(this.db);
  }

  async idConMatricula(matricula: number): Promise<number | null> {
    const f = await this.db
      .selectFrom("socio")
      .select("id")
      .where("matricula", "=", matricula)
      .executeTakeFirst();
    return f?.id ?? null;
  }

  async idConNif(nif: string): Promise<number | null> {
    const f = await this.db
      .selectFrom("socio")
      .select("id")
      .where("nif", "=", nif)
      .executeTakeFirst();
    return f?.id ?? null;
  }

  async crear(datos: DatosSocio): Promise<number> {
    try {
      const fila = await this.db
        .insertInto("socio")
        .values(aColumnas(datos) as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      return fila.id;
    } catch (err) {
      traducirError(err);
    }
  }

  async actualizar(id: number, datos: Partial<DatosSocio>): Promise<void> {
    const columnas = aColumnas(datos);
    if (Object.keys(columnas).length === 0) return;
    try {
      await this.db
        .updateTable("socio")
        .set({ ...columnas, actualizado_en: new Date() } as never)
        .where("id", "=", id)
        .execute();
    } catch (err) {
      traducirError(err);
    }
  }

  async ponerImagen(id: number, imagen: string | null): Promise<void> {
    await this.db
      .updateTable("socio")
      .set({ imagen, actualizado_en: new Date() })
      .where("id", "=", id)
      .execute();
  }

  async borrar(id: number): Promise<void> {
    await this.db.deleteFrom("socio").where("id", "=", id).execute();
  }

  /**
   * Locks the member's row until the transaction ends: an enrolment, charge or link that points
   * at it (a foreign key) waits, so what `impedimentosBorrado` counted still holds at the delete.
   */
  async bloquear(id: number): Promise<void> {
    await this.db.selectFrom("socio").select("id").where("id", "=", id).forUpdate().execute();
  }

  /** What keeps a member from being deleted: history (charges, attendance) and links to it. */
  async impedimentosBorrado(id: number): Promise<ImpedimentosBorrado> {
    const contar = (consulta: Promise<{ n: number | string | bigint } | undefined>) =>
      consulta.then((f) => Number(f?.n ?? 0));
    const otros = (columna: "id_pagador" | "id_padre" | "id_pareja") =>
      contar(
        this.db
          .selectFrom("socio")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where(columna, "=", id)
          .where("id", "<>", id)
          .executeTakeFirst(),
      );
    const [pagos, asistencias, pagaA, hijos, parejas, cuentas] = await Promise.all([
      this.contarPagos(id),
      contar(
        this.db
          .selectFrom("inscripcion")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("id_socio", "=", id)
          .where("asistio", "=", true)
          .executeTakeFirst(),
      ),
      otros("id_pagador"),
      otros("id_padre"),
      otros("id_pareja"),
      contar(
        this.db
          .selectFrom("usuario")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("id_socio", "=", id)
          .executeTakeFirst(),
      ),
    ]);
    return { pagos, asistencias, pagaA, hijos, parejas, cuentas };
  }

  /** Deletes the member's enrolments (automatic or never charged); returns what was deleted. */
  async borrarInscripciones(id: number): Promise<{ id: number; id_acto: number }[]> {
    return this.db
      .deleteFrom("inscripcion")
      .where("id_socio", "=", id)
      .returning(["id", "id_acto"])
      .execute();
  }

  auditarInscripcionBorrada(
    idUsuario: number,
    inscripcion: { id: number; id_acto: number },
    idSocio: number,
  ): Promise<void> {
    return registrarAuditoria(this.db, {
      idUsuario,
      entidad: "inscripcion",
      idEntidad: inscripcion.id,
      accion: "borrar",
      cambios: [
        { campo: "idActo", antes: inscripcion.id_acto, despues: null },
        { campo: "idSocio", antes: idSocio, despues: null },
        { campo: "motivo", antes: null, despues: "Socio borrado" },
      ],
    });
  }

  /** Charges where the member is the debtor or the payer: with any, deleting is refused (409). */
  async contarPagos(id: number): Promise<number> {
    const f = await this.db
      .selectFrom("pago")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where((eb) => eb.or([eb("id_socio", "=", id), eb("id_pagador", "=", id)]))
      .executeTakeFirst();
    return Number(f?.n ?? 0);
  }

  /** The member's «no quiero recibir envíos», its row locked if asked; undefined if no member. */
  async noEnvios(id: number, bloquear = false): Promise<boolean | undefined> {
    let consulta = this.db.selectFrom("socio").select("no_envios").where("id", "=", id);
    if (bloquear) consulta = consulta.forUpdate();
    return (await consulta.executeTakeFirst())?.no_envios;
  }

  async cambiarNoEnvios(id: number, noEnvios: boolean): Promise<void> {
    await this.db.updateTable("socio").set({ no_envios: noEnvios }).where("id", "=", id).execute();
  }

  auditar(entrada: Omit<EntradaAuditoria, "entidad">): Promise<void> {
    return registrarAuditoria(this.db, { ...entrada, entidad: ENTIDAD });
  }

  historial(id: number): Promise<EntradaHistorial[]> {
    return historialDe(this.db, ENTIDAD, id);
  }

  historialCuenta(idUsuario: number): Promise<EntradaHistorial[]> {
    return historialDe(this.db, "usuario", idUsuario);
  }

  async cuenta(idUsuario: number) {
    return this.db
      .selectFrom("usuario")
      .select([
        "id",
        "email",
        "nombre",
        "rol",
        "id_socio",
        "activo",
        "condiciones_aceptadas_en",
        "condiciones_version",
        "creado_en",
      ])
      .where("id", "=", idUsuario)
      .executeTakeFirst();
  }

  sesiones(idUsuario: number) {
    return this.db
      .selectFrom("sesion")
      .select(["creada_en", "expira_en", "revocada_en", "ip"])
      .where("id_usuario", "=", idUsuario)
      .orderBy("creada_en", "desc")
      .limit(500)
      .execute();
  }
}
