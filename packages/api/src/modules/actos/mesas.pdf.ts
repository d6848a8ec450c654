import { type Dieta, formatearFecha, type Idioma, type PlanMesas } from "@fila/domain";
import type { Content, TDocumentDefinitions } from "pdfmake/interfaces";
import { generarPdf } from "../../lib/pdf.js";

/** The plan's words in each language. */
const T = {
  es: {
    plano: "Plano de mesas",
    tarjetas: "Tarjetas de sitio",
    mesa: "Mesa",
    sinMesa: "Sin mesa",
    personas: "personas",
    invitado: "Invitado de",
    pagina: "Página {{p}} de {{n}}",
    dietas: {
      celiaco: "celíaco",
      vegetariano: "vegetariano",
      vegano: "vegano",
      sin_lactosa: "sin lactosa",
    },
  },
  va: {
    plano: "Pla de taules",
    tarjetas: "Targetes de lloc",
    mesa: "Taula",
    sinMesa: "Sense taula",
    personas: "persones",
    invitado: "Convidat de",
    pagina: "Pàgina {{p}} de {{n}}",
    dietas: {
      celiaco: "celíac",
      vegetariano: "vegetarià",
      vegano: "vegà",
      sin_lactosa: "sense lactosa",
    },
  },
} as const;

type Linea = { nombre: string; detalle: string };

/** Each person at a table: the member, then their named companions and unnamed guests. */
function personasDe(plan: PlanMesas["mesas"][number]["comensales"], idioma: Idioma): Linea[] {
  const t = T[idioma];
  const dietas = (d: readonly Dieta[], alergias: string) =>
    [...d.map((x) => t.dietas[x]), alergias].filter(Boolean).join(", ");
  return plan.flatMap((c) => {
    const socio = `${c.nombre} ${c.apellidos}`.trim();
    const lineas: Linea[] = [{ nombre: socio, detalle: dietas(c.dietas, c.alergias) }];
    for (const a of c.acompanantes)
      lineas.push({ nombre: a.nombre, detalle: dietas(a.dietas, a.alergias) });
    for (let n = c.acompanantes.length; n < c.invitados; n++) {
      lineas.push({ nombre: `${t.invitado} ${socio}`, detalle: "" });
    }
    return lineas;
  });
}

const documento = (
  titulo: string,
  plan: PlanMesas,
  idioma: Idioma,
  content: Content[],
): TDocumentDefinitions => ({
  pageSize: "A4",
  pageMargins: [32, 32, 32, 40],
  info: { title: `${titulo} - ${plan.nombre}` },
  defaultStyle: { font: "Roboto", fontSize: 10 },
  footer: (p, n) => ({
    text: T[idioma].pagina.replace("{{p}}", String(p)).replace("{{n}}", String(n)),
    alignment: "center",
    fontSize: 8,
  }),
  content: [
    { text: plan.nombre, fontSize: 16, bold: true },
    { text: `${titulo} · ${formatearFecha(plan.fecha)}`, margin: [0, 2, 0, 10] },
    ...content,
  ],
});

/** The plan: every table with its people (and diets), numbered; then who is without a table. */
export function planMesasPdf(plan: PlanMesas, idioma: Idioma = "es"): Promise<Buffer> {
  const t = T[idioma];
  const bloque = (titulo: string, lineas: Linea[]): Content => ({
    unbreakable: true,
    margin: [0, 0, 0, 10],
    stack: [
      { text: titulo, bold: true, fontSize: 12, margin: [0, 0, 0, 2] },
      {
        table: {
          widths: ["*", "*"],
          body: lineas.length > 0 ? lineas.map((l) => [l.nombre, l.detalle]) : [["—", ""]],
        },
        layout: "lightHorizontalLines",
      },
    ],
  });
  const content: Content[] = plan.mesas.map((m) =>
    bloque(
      `${t.mesa} ${m.numero} · ${m.ocupadas}/${m.plazas} ${t.personas}`,
      personasDe(m.comensales, idioma),
    ),
  );
  if (plan.sinMesa.length > 0) content.push(bloque(t.sinMesa, personasDe(plan.sinMesa, idioma)));
  return generarPdf(documento(t.plano, plan, idioma, content));
}

/** The place-card list: everyone in alphabetical order with their table, to put on the tables. */
export function tarjetasMesasPdf(plan: PlanMesas, idioma: Idioma = "es"): Promise<Buffer> {
  const t = T[idioma];
  const filas = plan.mesas
    .flatMap((m) => personasDe(m.comensales, idioma).map((l) => ({ ...l, mesa: m.numero })))
    .sort((a, b) => a.nombre.localeCompare(b.nombre, "es"));
  const content: Content[] = [
    {
      table: {
        headerRows: 1,
        widths: ["*", "auto", "*"],
        body: [
          [
            { text: idioma === "va" ? "Nom" : "Nombre", bold: true },
            { text: t.mesa, bold: true },
            { text: idioma === "va" ? "Dieta" : "Dieta", bold: true },
          ],
          ...filas.map((f) => [
            f.nombre,
            { text: String(f.mesa), alignment: "center" as const },
            f.detalle,
          ]),
        ],
      },
      layout: "lightHorizontalLines",
    },
  ];
  return generarPdf(documento(t.tarjetas, plan, idioma, content));
}
