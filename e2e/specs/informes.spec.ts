import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { AppPage, CUENTAS } from "../page-models/app-page";
import { InformesPage } from "../page-models/informes-page";

test("la tesorera abre Deudas pendientes, filtra por tipo de socio, ve el gráfico y descarga el Excel", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const app = new AppPage(page);
  const informes = new InformesPage(page);
  await app.entrarConSesion(CUENTAS.administrador);

  await app.abrirMenu();
  await app.menu().getByRole("link", { name: "Informes" }).click();
  await app.esperarRuta("informes");
  for (const grupo of ["Socios", "Económicos", "Actos"]) {
    await expect(page.getByRole("heading", { name: grupo, level: 2 })).toBeVisible();
  }
  await expect(
    page.getByText("Lo que se debe (pendiente o devuelto por el banco) por socio o por pagador"),
  ).toBeVisible();

  await informes.abrirInforme("Deudas pendientes");
  await informes.elegir("Tipo de socio", "Fester");
  await expect(page).toHaveURL(/tipo=\d+/);
  await expect(page.getByText(/^\d+ filas?$/)).toBeVisible();

  // The chart of debt by overdue bucket, and the table with every row of type Fester.
  const grafico = informes.grafico();
  await expect(grafico.getByText("Deuda según los días vencidos")).toBeVisible();
  await expect(grafico.locator(".recharts-bar-rectangle").first()).toBeVisible();
  const tabla = informes.tabla();
  await expect(tabla.getByRole("columnheader", { name: "Vencido más de 90 días" })).toBeVisible();
  const filas = tabla.locator("tbody tr");
  await expect(filas.first()).toContainText("Fester");
  // The unfiltered list stays on screen until the filtered one arrives, and its first row may be
  // a Fester too: wait until no row of another type is left before reading them all.
  await expect(filas.locator("td:nth-child(3)").filter({ hasNotText: "Fester" })).toHaveCount(0);
  for (const tipo of await filas.locator("td:nth-child(3)").allTextContents()) {
    expect(tipo).toBe("Fester");
  }
  // The footer's cell under «Total» (after it comes «Devuelto», the part the bank returned).
  const cabeceras = await tabla.locator("thead th").allTextContents();
  const columnaTotal = cabeceras.findIndex((c) => c.trim() === "Total");
  expect(cabeceras[columnaTotal + 1]?.trim()).toBe("Devuelto");
  const totalPantalla =
    (await tabla.locator("tfoot").locator("th, td").nth(columnaTotal).textContent()) ?? "";
  expect(totalPantalla).toMatch(/€$/);

  const descarga = await informes.descargar("Excel");
  expect(descarga.suggestedFilename()).toMatch(/^informe-deudas-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.readFile(await descarga.path());
  const hoja = libro.worksheets[0];
  expect(hoja.getCell("A2").value).toBe("Deudas pendientes");
  expect(String(hoja.getCell("A3").value)).toContain("Tipo de socio: Fester");
  expect(hoja.getRow(6).getCell(3).value).toBe("Tipo");
  const ultima = hoja.getRow(hoja.rowCount);
  expect(ultima.getCell(1).value).toBe("Total");
  const total = ultima.getCell(9).value;
  expect(typeof total).toBe("number");
  // The file's total is the one on screen («1.234,56 €»).
  const enPantalla = Number(totalPantalla.replace(/[^\d,]/g, "").replace(",", "."));
  expect(total).toBeCloseTo(enPantalla, 2);
  for (let n = 7; n < hoja.rowCount; n++) {
    expect(hoja.getRow(n).getCell(3).value).toBe("Fester");
  }
});
