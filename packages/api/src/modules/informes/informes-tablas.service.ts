import {
  aEuros,
  type ColumnaInforme,
  describirMotivoDevolucion,
  formatearFecha,
  type GraficoInforme,
  hoyIso,
  ID_INFORMES,
  type IdInforme,
  type Informe,
  type InformeCatalogo,
  type InformeQuery,
  MESES,
} from "@fila/domain";
import { DomainError } from "../../errors/domain-error.js";
import type { FicheroDescarga } from "../../plugins/descargas.js";
import {
  CATALOGO,
  COLUMNAS,
  COLUMNAS_SOCIOS_POR_DEFECTO,
  TITULO_COLUMNA_SOCIO,
} from "./informes.catalogo.js";
import { exportarInforme } from "./informes.exportar.js";
import type {
  Consulta,
  FilaSql,
  InformesConsultasRepository,
} from "./informes-consultas.repository.js";

/** What a report needs before its rows: the query, its columns and the filters in words. */
type Plan = {
  consulta: Consulta;
  columnas: ColumnaInforme[];
  filtros: Informe["filtros"];
  /** The chart from the report's totals (or its own query). */
  grafico?: (totales: Record<string, number>) => Promise<GraficoInforme>;
  /** The chart drawn from every row (small reports). */
  graficoDeFilas?: (filas: FilaSql[]) => GraficoInforme;
};

const esId = (id: string): id is IdInforme => (ID_INFORMES as readonly string[]).includes(id);

/** First day of the month of `hoy` and the last one, ISO. */
function mesDe(anyo: number, mes: number): [string, string] {
  const ultimo = new Date(Date.UTC(anyo, mes, 0)).getUTCDate();
  const mm = String(mes).padStart(2, "0");
  return [`${anyo}-${mm}-01`, `${anyo}-${mm}-${ultimo}`];
}

/** The reports of the Informes page: JSON pages and XLSX/CSV/PDF files (administrador). */
export class InformesTablasService {
  constructor(
    private readonly repo: InformesConsultasRepository,
    private readonly hoy: () => string = () => hoyIso(),
  ) {}

  catalogo(): InformeCatalogo[] {
    return [...CATALOGO];
  }

  async generar(id: string, q: InformeQuery): Promise<Informe> {
    const { plan, titulo, idInforme } = await this.planificar(id, q);
    const [filas, totales] = await Promise.all([
      this.repo.filas(plan.consulta, { page: q.page, pageSize: q.pageSize }),
      this.repo.totales(plan.consulta),
    ]);
    return {
      id: idInforme,
      titulo,
      filtros: plan.filtros,
      columnas: plan.columnas,
      filas: filas.map((f) => presentarFila(f, plan.columnas)),
      total: totales.total,
      page: q.page,
      pageSize: q.pageSize,
      totales: presentarTotales(totales.sumas, plan.columnas),
      grafico: await this.grafico(plan, totales.sumas),
    };
  }

  async exportar(
    id: string,
    q: InformeQuery,
    formato: "xlsx" | "csv" | "pdf",
  ): Promise<FicheroDescarga> {
    const { plan, titulo, idInforme } = await this.planificar(id, q);
    const [filas, totales] = await Promise.all([
      this.repo.filas(plan.consulta),
      this.repo.totales(plan.consulta),
    ]);
    const informe: Informe = {
      id: idInforme,
      titulo,
      filtros: plan.filtros,
      columnas: plan.columnas,
      filas: filas.map((f) => presentarFila(f, plan.columnas)),
      total: totales.total,
      page: 1,
      pageSize: filas.length,
      totales: presentarTotales(totales.sumas, plan.columnas),
      grafico: plan.graficoDeFilas
        ? plan.graficoDeFilas(filas)
        : plan.grafico
          ? await plan.grafico(totales.sumas)
          : null,
    };
    const { nombre, logo } = await this.repo.asociacion();
    return exportarInforme(informe, formato, { asociacion: nombre, logo, hoy: this.hoy() });
  }

  private async grafico(plan: Plan, sumas: Record<string, number>) {
    if (plan.grafico) return plan.grafico(sumas);
    if (plan.graficoDeFilas) return plan.graficoDeFilas(await this.repo.filas(plan.consulta));
    return null;
  }

  private async planificar(id: string, q: InformeQuery) {
    if (!esId(id)) throw new DomainError("no_encontrado", "Ese informe no existe.", [], 404);
    const entrada = CATALOGO.find((c) => c.id === id);
    const plan = await this.plan(id, q);
    return { plan, titulo: entrada?.titulo ?? id, idInforme: id };
  }

  private async filtroTipo(q: InformeQuery): Promise<Informe["filtros"]> {
    if (q.tipo === undefined) return [];
    const nombre = await this.repo.nombreTipo(q.tipo);
    if (nombre === undefined) {
      throw new DomainError("validacion", "Revisa los filtros.", [
        { campo: "tipo", mensaje: "Ese tipo de socio no existe" },
      ]);
    }
    return [{ etiqueta: "Tipo de socio", valor: nombre }];
  }

  private async plan(id: IdInforme, q: InformeQuery): Promise<Plan> {
    const hoy = this.hoy();
    const anyoActual = Number(hoy.slice(0, 4));
    const tipo = await this.filtroTipo(q);
    const activo =
      q.activo === undefined ? [] : [{ etiqueta: "Estado", valor: q.activo ? "Activos" : "Bajas" }];
    const anyo = q.anyo ?? anyoActual;
    switch (id) {
      case "socios": {
        const columnas = q.columnas ?? COLUMNAS_SOCIOS_POR_DEFECTO;
        const edad =
          q.edadMin !== undefined || q.edadMax !== undefined
            ? [{ etiqueta: "Edad", valor: `${q.edadMin ?? 0}–${q.edadMax ?? "…"}` }]
            : [];
        const sexo = q.sexo
          ? [{ etiqueta: "Sexo", valor: q.sexo === "hombre" ? "Hombre" : "Mujer" }]
          : [];
        return {
          consulta: this.repo.socios(q, columnas, hoy),
          columnas: columnas.map((c) => TITULO_COLUMNA_SOCIO[c]),
          filtros: [
            ...(q.q ? [{ etiqueta: "Búsqueda", valor: q.q }] : []),
            ...tipo,
            ...activo,
            ...sexo,
            ...edad,
          ],
        };
      }
      case "deudas": {
        const porPagador = q.agrupar === "pagador";
        return {
          consulta: this.repo.deudas(q, hoy),
          columnas: porPagador ? COLUMNAS.deudasPagador : COLUMNAS.deudas,
          filtros: [
            { etiqueta: "Agrupado por", valor: porPagador ? "Pagador" : "Socio" },
            ...tipo,
            ...(q.anyo !== undefined ? [{ etiqueta: "Año", valor: String(q.anyo) }] : []),
          ],
          grafico: async (t) => ({
            tipo: "barras",
            titulo: "Deuda según los días vencidos",
            eje: "tramo",
            series: [{ clave: "importe", titulo: "Deuda" }],
            enEuros: true,
            datos: [
              { tramo: "No vencido", importe: aEuros(t.noVencido) },
              { tramo: "1–30 días", importe: aEuros(t.d30) },
              { tramo: "31–90 días", importe: aEuros(t.d90) },
              { tramo: "Más de 90 días", importe: aEuros(t.mas90) },
            ],
          }),
        };
      }
      case "recaudacion":
        return {
          consulta: this.repo.recaudacion(anyo, q.desglose === "mes"),
          columnas:
            q.desglose === "mes"
              ? [
                  { clave: "mes", titulo: "Mes de vencimiento", tipo: "texto" },
                  ...COLUMNAS.recaudacion.slice(1),
                ]
              : COLUMNAS.recaudacion,
          filtros: [
            { etiqueta: "Año", valor: String(anyo) },
            { etiqueta: "Por", valor: q.desglose === "mes" ? "Mes de vencimiento" : "Producto" },
          ],
          grafico: async () => {
            const [actual, anterior] = await Promise.all([
              this.repo.cobradoPorMes(anyo),
              this.repo.cobradoPorMes(anyo - 1),
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
        };
      case "remesas":
        return {
          consulta: this.repo.remesas(q),
          columnas: COLUMNAS.remesas,
          filtros: periodo(q.desde, q.hasta),
        };
      case "derrama":
        return {
          consulta: this.repo.derrama(q),
          columnas: COLUMNAS.derrama,
          filtros: [...tipo, ...activo],
        };
      case "ramell":
        return {
          consulta: this.repo.ramell(q, anyo),
          columnas: COLUMNAS.ramell,
          filtros: [{ etiqueta: "Año", valor: String(anyo) }, ...tipo],
        };
      case "inscripciones": {
        const desde = q.desde ?? `${anyoActual}-01-01`;
        const hasta = q.hasta ?? `${anyoActual}-12-31`;
        return {
          consulta: this.repo.inscripciones(desde, hasta),
          columnas: COLUMNAS.inscripciones,
          filtros: periodo(desde, hasta),
          graficoDeFilas: (filas) => ({
            tipo: "barras",
            titulo: "Plazas ocupadas por acto",
            eje: "acto",
            series: [
              { clave: "socios", titulo: "Socios" },
              { clave: "invitados", titulo: "Invitados" },
            ],
            enEuros: false,
            datos: filas.map((f) => ({
              acto: `${String(f.acto)} (${formatearFecha(String(f.fecha))})`,
              socios: Number(f.socios),
              invitados: Number(f.invitados),
            })),
          }),
        };
      }
      case "puntos":
        return {
          consulta: this.repo.puntos(q.anyo),
          columnas: COLUMNAS.puntos,
          filtros: [{ etiqueta: "Año", valor: q.anyo === undefined ? "Todos" : String(q.anyo) }],
        };
      case "cumpleanyos": {
        if (q.vista === "aniversarios") {
          return {
            consulta: this.repo.aniversarios(q),
            columnas: COLUMNAS.aniversarios,
            filtros: [
              { etiqueta: "Ver", valor: "Aniversarios festeros (25, 50 y 75 años)" },
              ...tipo,
            ],
          };
        }
        const [desde, hasta] =
          q.desde !== undefined || q.hasta !== undefined
            ? [q.desde ?? hoy, q.hasta ?? q.desde ?? hoy]
            : mesDe(anyo, q.mes ?? Number(hoy.slice(5, 7)));
        if (hasta > sumarUnAnyo(desde)) {
          throw new DomainError("validacion", "Revisa los filtros.", [
            { campo: "hasta", mensaje: "El periodo de cumpleaños no puede pasar de un año" },
          ]);
        }
        return {
          consulta: this.repo.cumpleanyos(desde, hasta),
          columnas: COLUMNAS.cumpleanyos,
          filtros: [{ etiqueta: "Ver", valor: "Cumpleaños" }, ...periodo(desde, hasta)],
        };
      }
      case "estadisticas":
        return this.planEstadisticas(q, anyo, hoy);
    }
  }

  private planEstadisticas(q: InformeQuery, anyo: number, hoy: string): Plan {
    const porAnyo = q.por === "altas" || q.por === "activos";
    const titulos = {
      tipo: "Socios activos por tipo",
      sexo: "Socios activos por sexo",
      edad: "Socios activos por edad",
      altas: "Altas y bajas por año",
      activos: "Socios activos por año",
    } as const;
    const columnas: ColumnaInforme[] = [
      { clave: "grupo", titulo: CABECERA_GRUPO[q.por], tipo: "texto" },
      ...(q.por === "altas"
        ? [
            { clave: "altas", titulo: "Altas", tipo: "entero" as const },
            { clave: "bajas", titulo: "Bajas", tipo: "entero" as const },
          ]
        : q.por === "activos"
          ? [{ clave: "activos", titulo: "Activos", tipo: "entero" as const }]
          : [{ clave: "socios", titulo: "Socios activos", tipo: "entero" as const }]),
    ];
    const series = columnas.slice(1).map((c) => ({ clave: c.clave, titulo: c.titulo }));
    return {
      consulta: porAnyo
        ? this.repo.estadisticasPorAnyo(anyo)
        : this.repo.estadisticasPor(q.por as "tipo" | "sexo" | "edad", hoy),
      columnas,
      filtros: [
        { etiqueta: "Ver", valor: titulos[q.por] },
        ...(porAnyo ? [{ etiqueta: "Años", valor: `${anyo - 9}–${anyo}` }] : []),
      ],
      graficoDeFilas: (filas) => ({
        tipo: q.por === "activos" ? "lineas" : "barras",
        titulo: titulos[q.por],
        eje: "grupo",
        series,
        enEuros: false,
        datos: filas.map((f) => ({
          grupo: String(f.grupo),
          ...Object.fromEntries(series.map((s) => [s.clave, Number(f[s.clave])])),
        })),
      }),
    };
  }
}

const CABECERA_GRUPO = {
  tipo: "Tipo",
  sexo: "Sexo",
  edad: "Edad",
  altas: "Año",
  activos: "Año",
} as const;

function sumarUnAnyo(fecha: string): string {
  return `${Number(fecha.slice(0, 4)) + 1}${fecha.slice(4)}`;
}

function periodo(desde: string | undefined, hasta: string | undefined): Informe["filtros"] {
  return [
    ...(desde ? [{ etiqueta: "Desde", valor: formatearFecha(desde) }] : []),
    ...(hasta ? [{ etiqueta: "Hasta", valor: formatearFecha(hasta) }] : []),
  ];
}

/** A SQL row as the API gives it: cents to euros, bigint strings to numbers, codes to words. */
function presentarFila(fila: FilaSql, columnas: ColumnaInforme[]): Informe["filas"][number] {
  const salida: Informe["filas"][number] = {};
  for (const c of columnas) {
    const v = fila[c.clave];
    if (v === null || v === undefined) salida[c.clave] = null;
    else if (Array.isArray(v))
      salida[c.clave] = v.map(String).map(describirMotivoDevolucion).join("; ");
    else if (c.tipo === "euros") salida[c.clave] = aEuros(Number(v));
    else if (c.tipo === "entero" || c.tipo === "porcentaje") salida[c.clave] = Number(v);
    else salida[c.clave] = String(v);
  }
  return salida;
}

function presentarTotales(
  sumas: Record<string, number>,
  columnas: ColumnaInforme[],
): Informe["totales"] {
  const claves = Object.keys(sumas);
  if (claves.length === 0) return null;
  const totales: Record<string, number | string | null> = {};
  for (const c of columnas) {
    if (claves.includes(c.clave))
      totales[c.clave] = c.tipo === "euros" ? aEuros(sumas[c.clave]) : sumas[c.clave];
  }
  return totales;
}
