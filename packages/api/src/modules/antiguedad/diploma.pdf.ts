import { formatearFecha } from "@fila/domain";
import type { Content } from "pdfmake/interfaces.js";
import { generarPdf } from "../../lib/pdf.js";

export type DatosDiploma = {
  asociacion: string;
  logo: Buffer | null;
  socio: string;
  recompensa: string;
  anyos: number;
  anyo: number;
  /** Date printed at the foot (`YYYY-MM-DD`). */
  fecha: string;
};

/** The diploma of an award: A4 landscape, the association's logo, the member and the award. */
export function diplomaPdf(d: DatosDiploma): Promise<Buffer> {
  const logo: Content[] =
    d.logo && d.logo.length > 0
      ? [
          {
            image: `data:image/png;base64,${d.logo.toString("base64")}`,
            fit: [90, 90],
            alignment: "center",
            margin: [0, 0, 0, 12],
          },
        ]
      : [];
  return generarPdf({
    pageSize: "A4",
    pageOrientation: "landscape",
    pageMargins: [60, 50, 60, 50],
    info: { title: `${d.recompensa} - ${d.socio}`, creator: d.asociacion || "Filà" },
    background: (_pagina, tamano) => ({
      canvas: [
        {
          type: "rect",
          x: 24,
          y: 24,
          w: tamano.width - 48,
          h: tamano.height - 48,
          lineWidth: 3,
          lineColor: "#8a6d1d",
        },
      ],
    }),
    content: [
      ...logo,
      { text: d.asociacion, fontSize: 20, bold: true, alignment: "center" },
      { text: "concede a", fontSize: 14, alignment: "center", margin: [0, 24, 0, 8] },
      { text: d.socio, fontSize: 30, bold: true, alignment: "center" },
      {
        text: `la ${d.recompensa}`,
        fontSize: 22,
        alignment: "center",
        margin: [0, 18, 0, 6],
      },
      {
        text: `por sus ${d.anyos} años en la filà (${d.anyo})`,
        fontSize: 14,
        alignment: "center",
      },
      {
        text: formatearFecha(d.fecha),
        fontSize: 11,
        alignment: "right",
        margin: [0, 60, 0, 0],
      },
    ],
  });
}
