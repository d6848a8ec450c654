import { hoyIso } from "@fila/domain";
import { sql } from "kysely";
import type { Database } from "../db/database.js";
import { AlmacenArchivos } from "../services/archivos.js";
import { htmlSeguro } from "../services/html-seguro.js";

/** A one-page PDF with a line of text: small, valid, and recognised as PDF by its content. */
export function pdfDeUnaLinea(texto: string): Buffer {
  const seguro = texto.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7E]/g, "?");
  const flujo = `BT /F1 18 Tf 72 760 Td (${seguro}) Tj ET`;
  const objetos = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${flujo.length} >>\nstream\n${flujo}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const posiciones: number[] = [];
  objetos.forEach((o, i) => {
    posiciones.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n`;
  for (const p of posiciones) pdf += `${String(p).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objetos.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

export const NOTICIAS_DEMO = [
  {
    titulo: "Presentación de la Entrada de este año",
    resumen: "El cabo y la escuadra de gala se presentan en el casal el sábado a las 20:00.",
    contenido:
      "<p>Este sábado a las <strong>20:00</strong> presentamos en el casal al cabo de la Entrada y la escuadra de gala.</p><p>Después habrá cena de sobaquillo para todos.</p>",
    destacada: true,
    audiencia: "todos",
    diasAtras: 2,
  },
  {
    titulo: "Abierto el plazo de inscripción para el Mig Any",
    resumen: "Apúntate desde la aplicación antes del día 15.",
    contenido:
      "<p>Ya podéis inscribiros en la comida del <em>Mig Any</em> desde el apartado de actos.</p>",
    destacada: false,
    audiencia: "socios",
    diasAtras: 9,
  },
] as const;

export const DOCUMENTOS_DEMO = [
  {
    titulo: "Estatutos de la filà",
    descripcion: "Estatutos vigentes aprobados en asamblea.",
    categoria: "Estatutos",
    visibilidad: "socios",
    nombre: "estatutos.pdf",
  },
  {
    titulo: "Acta de la junta directiva",
    descripcion: "Acta interna de la última reunión de la junta.",
    categoria: "Actas",
    visibilidad: "administrador",
    nombre: "acta-junta.pdf",
  },
] as const;

export const ALERTA_DEMO = {
  titulo: "Bienvenida a la aplicación de la filà",
  mensaje: "Aquí recibirás los avisos de la junta: ensayos, actos y cuotas.",
} as const;

function haceDias(dias: number): string {
  const d = new Date(`${hoyIso()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - dias);
  return d.toISOString().slice(0, 10);
}

/**
 * Completes the demo for communication: two published news items (one featured, one for members
 * only), two documents (one for members, one for administrators only; small PDFs stored under
 * `dataDir` like any upload) and a welcome alert to every active account.
 */
export async function cargarDemoComunicacion(tx: Database, dataDir?: string): Promise<void> {
  const admin = await tx
    .selectFrom("usuario")
    .select("id")
    .where("rol", "=", "administrador")
    .orderBy("id")
    .executeTakeFirst();
  const idAutor = admin?.id ?? null;

  await tx
    .insertInto("noticia")
    .values(
      NOTICIAS_DEMO.map((n) => ({
        titulo: n.titulo,
        resumen: n.resumen,
        contenido: htmlSeguro(n.contenido),
        fecha: haceDias(n.diasAtras),
        publicada: true,
        destacada: n.destacada,
        audiencia: n.audiencia,
        id_usuario: idAutor,
      })),
    )
    .execute();

  if (dataDir) await cargarDocumentos(tx, dataDir, idAutor);

  const alerta = await tx
    .insertInto("alerta")
    .values({ ...ALERTA_DEMO, destino: JSON.stringify({ todos: true }), id_autor: idAutor })
    .returning("id")
    .executeTakeFirstOrThrow();
  await tx
    .insertInto("alerta_destinatario")
    .columns(["id_alerta", "id_usuario"])
    .expression((eb) =>
      eb
        .selectFrom("usuario")
        .select([sql<number>`${alerta.id}::int`.as("id_alerta"), "id"])
        .where("activo", "=", true),
    )
    .execute();
}

async function cargarDocumentos(tx: Database, dataDir: string, idAutor: number | null) {
  const almacen = new AlmacenArchivos(dataDir, "documentos");
  const anyo = Number(hoyIso().slice(0, 4));
  for (const d of DOCUMENTOS_DEMO) {
    const contenido = pdfDeUnaLinea(d.titulo);
    const clave = AlmacenArchivos.claveAleatoria();
    await almacen.guardar(clave, contenido);
    await tx
      .insertInto("documento")
      .values({
        titulo: d.titulo,
        descripcion: d.descripcion,
        categoria: d.categoria,
        anyo,
        visibilidad: d.visibilidad,
        nombre_archivo: d.nombre,
        tipo_mime: "application/pdf",
        tamanyo: contenido.length,
        clave_archivo: clave,
        id_usuario: idAutor,
      })
      .execute();
  }
}
