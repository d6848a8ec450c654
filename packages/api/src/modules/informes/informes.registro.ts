import {
  aEuros,
  type ColumnaInforme,
  type FiltroCatalogo,
  formatearFecha,
  type GRUPOS_INFORME,
  type GraficoInforme,
  type Informe,
  type InformeQuery,
  MESES,
} from "@fila/domain";
import { DomainError } from "../../errors/domain-error.js";
import type { ClaveMensaje } from "../../errors/mensajes.js";
import {
  COLUMNAS_SOCIOS_POR_DEFECTO,
  columna,
  columnas,
  f,
  opciones,
  TITULO_COLUMNA_SOCIO,
} from "./informes.piezas.js";
import type {
  Consulta,
  FilaSql,
  InformesConsultasRepository,
} from "./informes-consultas.repository.js";

/** What every report may use to run: today, its repository and the shared filters in words. */
export type Contexto = {
  hoy: string;
  /** `anyo` of the filters, or this year. */
  anyo: number;
  anyoActual: number;
  repo: InformesConsultasRepository;
  /** «Tipo de socio: …» and «Estado: …» when those filters are given (else empty). */
  enPalabras: { tipo: Informe["filtros"]; activo: Informe["filtros"] };
};

/** A report run with one set of filters: its query, its columns and its filters in words. */
export type Plan = {
  consulta: Consulta;
  columnas: ColumnaInforme[];
  filtros: Informe["filtros"];
};

/** What a chart is drawn from: the totals, and every row for the small reports that need them. */
export type DatosGrafico = {
  q: InformeQuery;
  ctx: Contexto;
  plan: Plan;
  sumas: Record<string, number>;
  filas: () => Promise<FilaSql[]>;
};

/**
 * One report of the Informes page, whole: its entry in the catalogue, how its filters become a
 * query with columns (the SQL itself lives in InformesConsultasRepository), and its chart.
 * Adding a report is adding one of these to INFORMES.
 */
export type DefinicionInforme = {
  id: string;
  grupo: (typeof GRUPOS_INFORME)[number];
  titulo: string;
  descripcion: string;
  filtros: FiltroCatalogo[];
  plan: (q: InformeQuery, ctx: Contexto) => Plan;
  grafico?: (d: DatosGrafico) => GraficoInforme | Promise<GraficoInforme>;
};

/** 400 on one filter, in the shape of every validation error. */
export const errorDeFiltro = (campo: string, clave: ClaveMensaje) =>
  new DomainError("validacion", "informes.revisa_filtros", [{ campo, clave }]);

const anyoEnPalabras = (anyo: number) => ({ etiqueta: "Año", valor: String(anyo) });

function periodo(desde: string | undefined, hasta: string | undefined): Informe["filtros"] {
  return [
    ...(desde ? [{ etiqueta: "Desde", valor: formatearFecha(desde) }] : []),
    ...(hasta ? [{ etiqueta: "Hasta", valor: formatearFecha(hasta) }] : []),
  ];
}

/** First and last day of a month, ISO. */
function mesDe(anyo: number, mes: number): [string, string] {
  const ultimo = new Date(Date.UTC(anyo, mes, 0)).getUTCDate();
  const mm = String(mes).padStart(2, "0");
  return [`${anyo}-${mm}-01`, `${anyo}-${mm}-${ultimo}`];
}

function sumarUnAnyo(fecha: string): string {
  return `${Number(fecha.slice(0, 4)) + 1}${fecha.slice(4)}`;
}

/** The period of the birthday view: the dates given, or a month (this one by default). */
function periodoCumpleanyos(q: InformeQuery, { hoy, anyo }: Contexto): [string, string] {
  if (q.desde === undefined && q.hasta === undefined) {
    return mesDe(anyo, q.mes ?? Number(hoy.slice(5, 7)));
  }
  return [q.desde ?? hoy, q.hasta ?? q.desde ?? hoy];
}

const TRAMOS = "cargos noVencido d30 d90 mas90 total devuelto";
const RECAUDACION = "cargos emitido cobrado pendiente devuelto anulado";

const VISTAS_ESTADISTICAS = {
  tipo: { titulo: "Socios activos por tipo", grupo: "Tipo" },
  sexo: { titulo: "Socios activos por sexo", grupo: "Sexo" },
  edad: { titulo: "Socios activos por edad", grupo: "Edad" },
  altas: { titulo: "Altas y bajas por año", grupo: "Año" },
  activos: { titulo: "Socios activos por año", grupo: "Año" },
} as const;

/** Every report of the Informes page, in the order the page shows them. */
export const INFORMES: readonly DefinicionInforme[] = [
  {
    id: "socios",
    grupo: "Socios",
    titulo: "Listado de socios",
    descripcion: "Los socios con los filtros de la lista y las columnas que elijas.",
    filtros: [f.q, f.tipo, f.activo, f.sexo, f.edad, f.columnas],
    plan: (q, { repo, hoy, enPalabras }) => {
      const elegidas = q.columnas ?? COLUMNAS_SOCIOS_POR_DEFECTO;
      return {
        consulta: repo.socios(q, elegidas, hoy),
        columnas: elegidas.map((c) => TITULO_COLUMNA_SOCIO[c]),
        filtros: [
          ...(q.q ? [{ etiqueta: "Búsqueda", valor: q.q }] : []),
          ...enPalabras.tipo,
          ...enPalabras.activo,
          ...(q.sexo
            ? [{ etiqueta: "Sexo", valor: q.sexo === "hombre" ? "Hombre" : "Mujer" }]
            : []),
          ...(q.edadMin !== undefined || q.edadMax !== undefined
            ? [{ etiqueta: "Edad", valor: `${q.edadMin ?? 0}–${q.edadMax ?? "…"}` }]
            : []),
          ...(q.conDeuda !== undefined
            ? [{ etiqueta: "Deuda", valor: q.conDeuda ? "Con deuda" : "Sin deuda" }]
            : []),
        ],
      };
    },
  },
  {
    id: "cumpleanyos",
    grupo: "Socios",
    titulo: "Cumpleaños y aniversarios festeros",
    descripcion:
      "Quién cumple años en un mes o entre dos fechas, y quién cumple 25, 50 o 75 años de fester.",
    filtros: [
      opciones("vista", "Ver", [
        ["cumpleanyos", "Cumpleaños"],
        ["aniversarios", "Aniversarios festeros"],
      ]),
      f.mes,
      f.desde,
      f.hasta,
    ],
    plan: (q, ctx) => {
      if (q.vista === "aniversarios") {
        return {
          consulta: ctx.repo.aniversarios(q),
          columnas: columnas("edadFestera socio tipo telefono email"),
          filtros: [
            { etiqueta: "Ver", valor: "Aniversarios festeros (25, 50 y 75 años)" },
            ...ctx.enPalabras.tipo,
          ],
        };
      }
      const [desde, hasta] = periodoCumpleanyos(q, ctx);
      if (hasta > sumarUnAnyo(desde)) {
        throw errorDeFiltro("hasta", "informes.periodo_cumpleanos_no_puede_pasar_ano");
      }
      return {
        consulta: ctx.repo.cumpleanyos(desde, hasta),
        columnas: [
          ...columnas("dia socio"),
          columna("edad", "Cumple"),
          ...columnas("fechaNacimiento telefono email"),
        ],
        filtros: [{ etiqueta: "Ver", valor: "Cumpleaños" }, ...periodo(desde, hasta)],
      };
    },
  },
  {
    id: "estadisticas",
    grupo: "Socios",
    titulo: "Estadísticas de socios",
    descripcion:
      "Socios activos por tipo, sexo y edad; altas, bajas y activos de los últimos 10 años.",
    filtros: [
      opciones("por", "Ver", [
        ["tipo", "Por tipo"],
        ["sexo", "Por sexo"],
        ["edad", "Por edad"],
        ["altas", "Altas y bajas por año"],
        ["activos", "Activos por año"],
      ]),
      f.anyo,
    ],
    plan: (q, { repo, anyo, hoy }) => {
      const porAnyo = q.por === "altas" || q.por === "activos";
      const cifras =
        q.por === "altas"
          ? columnas("altas bajas")
          : q.por === "activos"
            ? columnas("activos")
            : [columna("socios", "Socios activos")];
      return {
        consulta: porAnyo
          ? repo.estadisticasPorAnyo(anyo)
          : repo.estadisticasPor(q.por as "tipo" | "sexo" | "edad", hoy),
        columnas: [columna("grupo", VISTAS_ESTADISTICAS[q.por].grupo), ...cifras],
        filtros: [
          { etiqueta: "Ver", valor: VISTAS_ESTADISTICAS[q.por].titulo },
          ...(porAnyo ? [{ etiqueta: "Años", valor: `${anyo - 9}–${anyo}` }] : []),
        ],
      };
    },
    grafico: async ({ q, plan, filas }) => {
      const series = plan.columnas.slice(1).map((c) => ({ clave: c.clave, titulo: c.titulo }));
      return {
        tipo: q.por === "activos" ? "lineas" : "barras",
        titulo: VISTAS_ESTADISTICAS[q.por].titulo,
        eje: "grupo",
        series,
        enEuros: false,
        datos: (await filas()).map((fila) => ({
          grupo: String(fila.grupo),
          ...Object.fromEntries(series.map((s) => [s.clave, Number(fila[s.clave])])),
        })),
      };
    },
  },
  {
    id: "deudas",
    grupo: "Económicos",
    titulo: "Deudas pendientes",
    descripcion:
      "Lo que se debe (pendiente o devuelto por el banco) por socio o por pagador, según los días vencidos.",
    filtros: [
      opciones("agrupar", "Agrupar por", [
        ["socio", "Socio"],
        ["pagador", "Pagador"],
      ]),
      f.tipo,
      f.anyoOpcional,
    ],
    plan: (q, { repo, hoy, enPalabras }) => {
      const porPagador = q.agrupar === "pagador";
      return {
        consulta: repo.deudas(q, hoy),
        columnas: porPagador
          ? [
              columna("matricula"),
              columna("socio", "Pagador"),
              ...columnas(`tipo numSocios ${TRAMOS}`),
            ]
          : columnas(`matricula socio tipo ${TRAMOS}`),
        filtros: [
          { etiqueta: "Agrupado por", valor: porPagador ? "Pagador" : "Socio" },
          ...enPalabras.tipo,
          ...(typeof q.anyo === "number" ? [anyoEnPalabras(q.anyo)] : []),
        ],
      };
    },
    grafico: ({ sumas }) => ({
      tipo: "barras",
      titulo: "Deuda según los días vencidos",
      eje: "tramo",
      series: [{ clave: "importe", titulo: "Deuda" }],
      enEuros: true,
      datos: [
        { tramo: "No vencido", importe: aEuros(sumas.noVencido) },
        { tramo: "1–30 días", importe: aEuros(sumas.d30) },
        { tramo: "31–90 días", importe: aEuros(sumas.d90) },
        { tramo: "Más de 90 días", importe: aEuros(sumas.mas90) },
      ],
    }),
  },
  {
    id: "recaudacion",
    grupo: "Económicos",
    titulo: "Recaudación",
    descripcion:
      "Emitido, cobrado, pendiente, devuelto y anulado por producto o por mes de vencimiento; cobrado por mes de pago.",
    filtros: [
      f.anyo,
      opciones("desglose", "Por", [
        ["producto", "Producto"],
        ["mes", "Mes de vencimiento"],
      ]),
    ],
    plan: (q, { repo, anyo }) => {
      const porMes = q.desglose === "mes";
      return {
        consulta: repo.recaudacion(anyo, porMes),
        columnas: columnas(`${porMes ? "mes" : "producto"} ${RECAUDACION}`),
        filtros: [
          anyoEnPalabras(anyo),
          { etiqueta: "Por", valor: porMes ? "Mes de vencimiento" : "Producto" },
        ],
      };
    },
    // By payment date, as its title says: what came in each month, whatever it was due for.
    grafico: async ({ ctx: { repo, anyo } }) => {
      const [actual, anterior] = await Promise.all([
        repo.cobradoPorMes(anyo),
        repo.cobradoPorMes(anyo - 1),
      ]);
      return {
        tipo: "lineas",
        titulo: `Cobrado por mes de pago: ${anyo} frente a ${anyo - 1}`,
        eje: "mes",
        series: [
          { clave: "actual", titulo: String(anyo) },
          { clave: "anterior", titulo: String(anyo - 1) },
        ],
        enEuros: true,
        datos: MESES.map((mes, i) => ({
          mes: mes.slice(0, 3),
          actual: aEuros(actual.get(i + 1) ?? 0),
          anterior: aEuros(anterior.get(i + 1) ?? 0),
        })),
      };
    },
  },
  {
    id: "remesas",
    grupo: "Económicos",
    titulo: "Remesas",
    descripcion: "Cada remesa con sus adeudos, importe, devoluciones y sus motivos.",
    filtros: [f.desde, f.hasta],
    // This year's unless a period is given, as Inscripciones: every remittance of every year
    // grows with the years (issue 51).
    plan: (q, { repo, anyoActual }) => {
      const desde = q.desde ?? `${anyoActual}-01-01`;
      const hasta = q.hasta ?? `${anyoActual}-12-31`;
      return {
        consulta: repo.remesas(desde, hasta),
        columnas: columnas(
          "remesa fechaCobro estado numAdeudos importe devueltos importeDevuelto motivos",
        ),
        filtros: periodo(desde, hasta),
      };
    },
  },
  {
    id: "derrama",
    grupo: "Económicos",
    titulo: "Derrama",
    descripcion: "Importe, pagado, pendiente y años que quedan de la derrama de cada socio.",
    filtros: [f.tipo, f.activo],
    plan: (q, { repo, enPalabras }) => ({
      consulta: repo.derrama(q),
      columnas: columnas(
        "matricula socio tipo tipoDerrama anyoDerrama importe pagado pendiente anyosRestantes",
      ),
      filtros: [...enPalabras.tipo, ...enPalabras.activo],
    }),
  },
  {
    id: "ramell",
    grupo: "Económicos",
    titulo: "Ramell",
    descripcion: "Modalidad y plazos pagados del ramell de cada socio en un año.",
    filtros: [f.anyo, f.tipo],
    plan: (q, { repo, anyo, enPalabras }) => ({
      consulta: repo.ramell(q, anyo),
      columnas: columnas(
        "matricula socio tipo modalidad plazo1 plazo2 plazo3 plazo4 plazo5 pagado pendiente",
      ),
      filtros: [anyoEnPalabras(anyo), ...enPalabras.tipo],
    }),
  },
  {
    id: "inscripciones",
    grupo: "Actos",
    titulo: "Inscripciones",
    descripcion: "Inscritos, invitados, aforo ocupado e importe de cada acto de un periodo.",
    filtros: [f.desde, f.hasta],
    plan: (q, { repo, anyoActual }) => {
      const desde = q.desde ?? `${anyoActual}-01-01`;
      const hasta = q.hasta ?? `${anyoActual}-12-31`;
      return {
        consulta: repo.inscripciones(desde, hasta),
        columnas: columnas(
          "acto fecha estado socios invitados plazas aforo ocupacion importe cobrado",
        ),
        filtros: periodo(desde, hasta),
      };
    },
    grafico: async ({ filas }) => ({
      tipo: "barras",
      titulo: "Plazas ocupadas por acto",
      eje: "acto",
      series: [
        { clave: "socios", titulo: "Socios" },
        { clave: "invitados", titulo: "Invitados" },
      ],
      enEuros: false,
      datos: (await filas()).map((fila) => ({
        acto: `${String(fila.acto)} (${formatearFecha(String(fila.fecha))})`,
        socios: Number(fila.socios),
        invitados: Number(fila.invitados),
      })),
    }),
  },
  {
    id: "puntos",
    grupo: "Actos",
    titulo: "Ranking de puntos",
    descripcion:
      "Los puntos por asistencia a actos de un año (este, si no eliges otro) o de todos los años.",
    filtros: [f.anyoConTodos],
    // This year's unless another or «todos» is chosen: the ranking of every year grows with the
    // years (issue 51).
    plan: (q, { repo, anyo }) => ({
      consulta: repo.puntos(q.anyo === "todos" ? undefined : anyo),
      columnas: columnas("matricula socio actos puntos"),
      filtros: [{ etiqueta: "Año", valor: q.anyo === "todos" ? "Todos los años" : String(anyo) }],
    }),
  },
];

export const ID_INFORMES = INFORMES.map((i) => i.id);
