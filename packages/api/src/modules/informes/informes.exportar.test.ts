import type { Informe } from "@fila/domain";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it, vi } from "vitest";
import { informeCsv, informePdf, informeXlsx } from "./informes.exportar.js";

const largo: Informe = {
  id: "puntos",
  titulo: "Ranking de puntos",
  filtros: [{ etiqueta: "Año", valor: "Todos" }],
  columnas: [
    { clave: "socio", titulo: "Socio", tipo: "texto" },
    { clave: "puntos", titulo: "Puntos", tipo: "entero" },
    { clave: "importe", titulo: "Importe", tipo: "euros" },
  ],
  filas: Array.from({ length: 150 }, (_, i) => ({
    socio: `Socio número ${i + 1}`,
    puntos: 1000 + i,
    importe: 1234.56,
  })),
  total: 150,
  page: 1,
  pageSize: 150,
  totales: { puntos: 161_175, importe: 185_184 },
  grafico: null,
};

describe("informePdf", () => {
  it("repite la cabecera de la tabla en cada página y numera las páginas", async () => {
    const pdf = await getDocumentProxy(
      new Uint8Array(await informePdf(largo, { asociacion: "Filà Prova", hoy: "2026-11-25" })),
    );
    expect(pdf.numPages).toBeGreaterThan(1);
    const { text } = await extractText(pdf, { mergePages: false });
    for (const [i, pagina] of text.entries()) {
      expect(pagina).toContain("Socio");
      expect(pagina).toContain("Puntos");
      expect(pagina).toContain(`Página ${i + 1} de ${pdf.numPages}`);
    }
    expect(text[0]).toContain("Generado el 25/11/2026");
    expect(text[0]).toContain("1.234,56 €");
    expect(text.at(-1)).toContain("Socio número 150");
    expect(text.at(-1)).toContain("185.184,00 €");
  });

  it("en valenciano para quien lo descarga en valenciano: filtros, fecha, total y páginas (issue 38)", async () => {
    const recortado = { ...largo, total: 12_000 };
    const contexto = { asociacion: "Filà Prova", hoy: "2026-11-25", idioma: "va" as const };
    const pdf = await getDocumentProxy(new Uint8Array(await informePdf(recortado, contexto)));
    const { text } = await extractText(pdf, { mergePages: false });
    expect(text[0]).toContain("Filtres: Año: Todos");
    expect(text[0]).toContain("Generat el 25/11/2026");
    expect(text[0]).toContain(
      "Es mostren les primeres 150 files de 12.000; baixa l'XLSX per a vore-les totes.",
    );
    expect(text[0]).toContain(`Pàgina 1 de ${pdf.numPages}`);
    expect(text.at(-1)).toContain("Total de les 12.000 files");
    expect(text.join("\n")).not.toContain("Página");
    const buida = await informePdf({ ...largo, filas: [], total: 0, totales: null }, contexto);
    const { text: sense } = await extractText(await getDocumentProxy(new Uint8Array(buida)), {
      mergePages: true,
    });
    expect(sense).toContain("No hi ha dades amb aquests filtres.");

    const trossos: string[] = [];
    for await (const t of informeCsv(largo, (async function* () {})(), contexto))
      trossos.push(String(t));
    const csv = trossos.join("");
    expect(csv).toContain("Filtres: Año: Todos");
    expect(csv).toContain("Generat el 25/11/2026");
    expect(csv).toContain("Total;161175");
  });

  it("si no caben todas las filas, lo dice arriba y el total es el de todas", async () => {
    const recortado = { ...largo, total: 12_000 };
    const { text } = await extractText(
      await getDocumentProxy(
        new Uint8Array(
          await informePdf(recortado, { asociacion: "Filà Prova", hoy: "2026-11-25" }),
        ),
      ),
      { mergePages: false },
    );
    expect(text[0]).toContain(
      "Se muestran las primeras 150 filas de 12.000; descarga el XLSX para verlas todas.",
    );
    expect(text.at(-1)).toContain("Total de las 12.000 filas");
    const entero = await extractText(
      await getDocumentProxy(
        new Uint8Array(await informePdf(largo, { asociacion: "", hoy: "2026-11-25" })),
      ),
      { mergePages: true },
    );
    expect(entero.text).not.toContain("Se muestran las primeras");
  });

  it("lleva el logotipo de la asociación cuando lo hay, sin tapar la cabecera", async () => {
    const logo = await sharp({
      create: { width: 64, height: 64, channels: 3, background: "#8b1e3f" },
    })
      .png()
      .toBuffer();
    const contexto = { asociacion: "Filà Prova", hoy: "2026-11-25" };
    const conLogo = await informePdf(largo, { ...contexto, logo });
    const sinLogo = await informePdf(largo, contexto);
    expect(conLogo.toString("latin1")).toMatch(/\/Subtype\s*\/Image/);
    expect(sinLogo.toString("latin1")).not.toMatch(/\/Subtype\s*\/Image/);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(conLogo)), {
      mergePages: false,
    });
    expect(text[0]).toContain("Filà Prova");
    expect(text[0]).toContain("Ranking de puntos");
  });
});

describe("informeXlsx e informeCsv: en flujo", () => {
  const { filas: _f, page: _p, pageSize: _s, ...cabecera } = largo;
  const contexto = { asociacion: "Filà Prova", hoy: "2026-11-25" };

  /** Batches without end, as a report that never finishes; says when it is closed. */
  function sinFin() {
    const estado = { tandas: 0, cerrado: false };
    async function* tandas() {
      try {
        for (;;) {
          estado.tandas += 1;
          yield Array.from({ length: 1000 }, (_, i) => ({ socio: `S${i}`, puntos: i, importe: 1 }));
        }
      } finally {
        estado.cerrado = true;
      }
    }
    return { estado, tandas: tandas() };
  }

  it.each([
    ["XLSX", informeXlsx],
    ["CSV", informeCsv],
  ])("%s: quien deja de leer deja de pedir filas a la base de datos", async (_n, escribir) => {
    const { estado, tandas } = sinFin();
    const flujo = escribir(cabecera, tandas, contexto);
    // Read until rows are flowing, then go away.
    await new Promise<void>((resolver) =>
      flujo.on("data", () => {
        if (estado.tandas >= 2) resolver();
      }),
    );
    flujo.destroy();
    await vi.waitFor(() => expect(estado.cerrado).toBe(true));
    const pedidas = estado.tandas;
    await new Promise((resolver) => setTimeout(resolver, 50));
    expect(estado.tandas).toBe(pedidas);
  });
});
