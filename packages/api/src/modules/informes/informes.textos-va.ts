import type { Idioma } from "@fila/domain";
import type { CabeceraInforme } from "./informes.exportar.js";

/**
 * The reports' own words (titles, columns, filter labels and choices, chart titles), in
 * Valencian by their Spanish text, for the files a person downloads in Valencian (issue 38).
 * Rows keep what is stored; a text not here stays in Spanish.
 */
const TEXTOS_INFORMES_VA: Readonly<Record<string, string>> = {
  // Titles and charts
  "Listado de socios": "Llistat de socis",
  "Cumpleaños y aniversarios festeros": "Aniversaris de naixement i festers",
  "Estadísticas de socios": "Estadístiques de socis",
  "Deudas pendientes": "Deutes pendents",
  Recaudación: "Recaptació",
  Remesas: "Remeses",
  Derrama: "Derrama",
  Ramell: "Ramell",
  Inscripciones: "Inscripcions",
  "Ranking de puntos": "Rànquing de punts",
  "Socios activos por tipo": "Socis actius per tipus",
  "Socios activos por sexo": "Socis actius per sexe",
  "Socios activos por edad": "Socis actius per edat",
  "Altas y bajas por año": "Altes i baixes per any",
  "Socios activos por año": "Socis actius per any",
  "Deuda según los días vencidos": "Deute segons els dies vençuts",
  "Plazas ocupadas por acto": "Places ocupades per acte",
  Deuda: "Deute",
  // Filters
  Año: "Any",
  Años: "Anys",
  Desde: "Des de",
  Hasta: "Fins a",
  Búsqueda: "Cerca",
  Buscar: "Cerca",
  Mes: "Mes",
  Sexo: "Sexe",
  Edad: "Edat",
  Ver: "Vore",
  Por: "Per",
  "Agrupado por": "Agrupat per",
  "Tipo de socio": "Tipus de soci",
  Columnas: "Columnes",
  Todos: "Tots",
  "Todos los años": "Tots els anys",
  "Con deuda": "Amb deute",
  "Sin deuda": "Sense deute",
  Hombre: "Home",
  Mujer: "Dona",
  Cumpleaños: "Aniversaris",
  "Aniversarios festeros": "Aniversaris festers",
  "Aniversarios festeros (25, 50 y 75 años)": "Aniversaris festers (25, 50 i 75 anys)",
  // Columns
  Matrícula: "Matrícula",
  Apellidos: "Cognoms",
  Nombre: "Nom",
  NIF: "NIF",
  Tipo: "Tipus",
  "Fecha de nacimiento": "Data de naixement",
  Teléfono: "Telèfon",
  Email: "Correu electrònic",
  Dirección: "Adreça",
  Población: "Població",
  "Fecha de alta": "Data d'alta",
  "Años de fester": "Anys de fester",
  Activo: "Actiu",
  "Fecha de baja": "Data de baixa",
  Socio: "Soci",
  Pagador: "Pagador",
  "Socios a su cargo": "Socis al seu càrrec",
  Cargos: "Càrrecs",
  "No vencido": "No vençut",
  "Vencido 1–30 días": "Vençut 1–30 dies",
  "Vencido 31–90 días": "Vençut 31–90 dies",
  "Vencido más de 90 días": "Vençut més de 90 dies",
  Total: "Total",
  Producto: "Producte",
  "Mes de vencimiento": "Mes de venciment",
  Emitido: "Emés",
  Cobrado: "Cobrat",
  Pendiente: "Pendent",
  Devuelto: "Tornat",
  Anulado: "Anul·lat",
  Remesa: "Remesa",
  "Fecha de cobro": "Data de cobrament",
  Estado: "Estat",
  Adeudos: "Càrrecs en compte",
  Importe: "Import",
  Devueltos: "Tornats",
  "Importe devuelto": "Import tornat",
  "Motivos de devolución": "Motius de devolució",
  Pagado: "Pagat",
  "Años que quedan": "Anys que queden",
  Modalidad: "Modalitat",
  "Plazo 1": "Termini 1",
  "Plazo 2": "Termini 2",
  "Plazo 3": "Termini 3",
  "Plazo 4": "Termini 4",
  "Plazo 5": "Termini 5",
  Acto: "Acte",
  Fecha: "Data",
  Socios: "Socis",
  Invitados: "Convidats",
  "Plazas ocupadas": "Places ocupades",
  Aforo: "Aforament",
  Ocupación: "Ocupació",
  Actos: "Actes",
  Puntos: "Punts",
  Día: "Dia",
  Grupo: "Grup",
  Altas: "Altes",
  Bajas: "Baixes",
  Activos: "Actius",
  Cumple: "Fa",
  "Socios activos": "Socis actius",
};

const PATRONES_VA: [RegExp, string][] = [
  [
    /^Cobrado por mes de pago: (\d+) frente a (\d+)$/,
    "Cobrat per mes de pagament: $1 davant de $2",
  ],
];

/** A report's own text in `idioma`; Spanish when the table does not know it. */
export function textoDeInforme(texto: string, idioma: Idioma = "es"): string {
  if (idioma === "es") return texto;
  const exacto = TEXTOS_INFORMES_VA[texto];
  if (exacto !== undefined) return exacto;
  for (const [patron, plantilla] of PATRONES_VA) {
    if (patron.test(texto)) return texto.replace(patron, plantilla);
  }
  return texto;
}

/** The report's heading, columns, filters and chart in `idioma` (its rows are untouched). */
export function cabeceraEnIdioma<T extends CabeceraInforme>(informe: T, idioma: Idioma = "es"): T {
  if (idioma === "es") return informe;
  const t = (s: string) => textoDeInforme(s, idioma);
  return {
    ...informe,
    titulo: t(informe.titulo),
    columnas: informe.columnas.map((c) => ({ ...c, titulo: t(c.titulo) })),
    filtros: informe.filtros.map((f) => ({ etiqueta: t(f.etiqueta), valor: t(f.valor) })),
    grafico: informe.grafico
      ? {
          ...informe.grafico,
          titulo: t(informe.grafico.titulo),
          series: informe.grafico.series.map((s) => ({ ...s, titulo: t(s.titulo) })),
        }
      : informe.grafico,
  };
}
