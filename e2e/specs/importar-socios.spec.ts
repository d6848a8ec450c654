import { letraNif } from "@fila/domain";
import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { AppPage, CUENTAS } from "../page-models/app-page";
import { infraccionesGraves } from "../support/axe";

const nif = (n: number) => `${n}${letraNif(n)}`;

/** The board's own sheet, with its own words for the headers and Excel's habits in the cells. */
async function hojaDeLaFila(): Promise<Buffer> {
  const dia = (a: number, m: number, d: number) => new Date(Date.UTC(a, m - 1, d));
  const libro = new ExcelJS.Workbook();
  libro.addWorksheet("Socis").addRows([
    [
      "Núm.",
      "Nombre",
      "Apellidos",
      "DNI/NIF",
      "F. nac.",
      "Móvil",
      "Correo",
      "C.P.",
      "Cuenta bancaria",
      "Tipo",
      "Alta",
      "Talla",
    ],
    [
      9101,
      "Vicenta",
      "Gisbert  Importada",
      nif(48151623),
      dia(1961, 4, 12),
      "96 555 12 34",
      "Vicenta.Importada@Example.com",
      3802,
      "ES91 2100 0418 4502 0005 1332",
      "Fester",
      1985,
      "M",
    ],
    [
      9102,
      "Rafael",
      "Moltó Importat",
      nif(48151624),
      dia(1990, 11, 3),
      "600112233",
      "rafa.importat@example.com",
      "03801",
      null,
      "Fester",
      2010,
      "L",
    ],
    // A child: no NIF nor number of its own, a birth date typed as text.
    ["", "Pau", "Moltó Importat", "", "29/02/2016", "", "", "03802", "", "Infantil", "2016"],
  ]);
  return Buffer.from(await libro.xlsx.writeBuffer());
}

test("la junta importa su hoja: ve a qué campo va cada columna y qué se corrige, confirma y abre la ficha de un socio importado", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const app = new AppPage(page);
  const junta = CUENTAS.administrador;
  await app.entrarConSesion(junta, "socios");
  await page.getByRole("button", { name: "Importar socios" }).click();
  const dialogo = page.getByRole("dialog", { name: "Importar socios desde CSV o Excel" });
  await dialogo.locator("input[type='file']").setInputFiles({
    name: "socios-de-la-fila.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await hojaDeLaFila(),
  });
  await dialogo.getByRole("button", { name: "Comprobar fichero" }).click();

  // The mapping step: every column with two samples and its field.
  const columnas = dialogo.getByRole("table", { name: "Columnas del fichero y campo al que van" });
  await expect(columnas).toBeVisible();
  const campoDe = (cabecera: string) =>
    dialogo.locator(`input[aria-label="Campo de la columna «${cabecera}»"]`);
  await expect(campoDe("F. nac.")).toHaveValue("Fecha de nacimiento");
  await expect(campoDe("Alta")).toHaveValue("Año de alta");
  await expect(campoDe("Núm.")).toHaveValue("Matrícula");
  await expect(campoDe("Talla")).toHaveValue("No importar");
  await expect(columnas.getByRole("row").filter({ hasText: "Talla" })).toContainText("M · L");
  await expect(dialogo.getByText("Estas columnas no se importarán: Talla")).toBeVisible();

  // The warnings: what is stored differently from the sheet.
  const avisos = dialogo.getByRole("table", { name: "Valores corregidos al leer el fichero" });
  await expect(avisos).toContainText("«3802» → «03802»");
  await expect(avisos).toContainText("«Gisbert  Importada» → «Gisbert Importada»");
  await expect(avisos).toContainText(
    "«ES91 2100 0418 4502 0005 1332» → «ES9121000418450200051332»",
  );

  // The board keeps the size after all: in the comments.
  await campoDe("Talla").click();
  await campoDe("Talla").fill("Coment");
  await page.getByRole("option", { name: "Comentarios" }).click();
  await expect(campoDe("Talla")).toHaveValue("Comentarios");
  await expect(dialogo.getByText(/Estas columnas no se importarán/)).toHaveCount(0);
  await expect(dialogo.getByTestId("resumen-importacion")).toHaveText(
    "Filas: 3 · Nuevas: 3 · Actualizadas: 0 · Sin cambios: 0 · Con errores: 0",
  );

  expect(await infraccionesGraves(page, "[role=dialog]")).toEqual([]);

  await dialogo.getByRole("button", { name: "Importar 3 socios" }).click();
  await expect(dialogo.getByText("Se han importado 3 socios.")).toBeVisible();
  await dialogo.getByRole("button", { name: "Cerrar" }).first().click();

  await page.getByRole("searchbox", { name: "Buscar" }).fill("gisbert importada");
  await page.getByRole("link", { name: "Gisbert Importada" }).click();
  await expect(page).toHaveURL(/#\/socios\/ficha\/\d+$/);
  await expect(page.getByLabel("Código postal")).toHaveValue("03802");
  await expect(page.getByLabel("Teléfono")).toHaveValue("965551234");
  // The first one is the record's; the second, the access account's form.
  await expect(page.getByLabel("Correo electrónico").first()).toHaveValue(
    "vicenta.importada@example.com",
  );
  await expect(page.getByLabel("IBAN")).toHaveValue("ES9121000418450200051332");
  await expect(page.getByLabel("Comentarios")).toHaveValue("M");
});
