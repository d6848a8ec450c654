import { expect, test } from "@playwright/test";
import { CUENTAS, PASSWORD_DEMO } from "../page-models/app-page";
import { RemesasPage } from "../page-models/remesas-page";

test("el tesorero genera una remesa SEPA, descarga el XML y la borra", async ({ page }) => {
  test.setTimeout(90_000);
  const remesas = new RemesasPage(page);
  await remesas.entrarHastaInicio(
    CUENTAS.administrador.email,
    PASSWORD_DEMO,
    CUENTAS.administrador.home,
  );
  const anyo = new Date().getFullYear();
  await remesas.emitirCuotasDelAnyo(anyo);

  await remesas.abrir();
  const acreedor = await remesas.identificadorAcreedor();

  const numero = await remesas.generar(`${anyo}-12-31`);
  const dialogo = remesas.dialogo("Nueva remesa");
  const { nombre, texto } = await remesas.descargar(
    dialogo.getByRole("button", { name: "Descargar XML" }),
  );
  expect(nombre).toBe(`remesa-${numero}.xml`);
  expect(texto).toContain("<CstmrDrctDbtInitn>");
  expect(texto).toContain(`<Id>${acreedor}</Id>`);
  expect(texto).toContain("<SeqTp>FRST</SeqTp>");
  await page.keyboard.press("Escape");
  await expect(dialogo).toBeHidden();

  // In the list: collection date dd/mm/aaaa, total in euros, state.
  const fila = page.getByRole("row").filter({ hasText: "Generada" }).first();
  await expect(fila).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(fila).toContainText(/\d+,\d{2}\s€/);

  // The detail shows its debits; then the remittance is deleted and its charges released.
  await page.getByRole("button", { name: `Ver la remesa ${numero}` }).click();
  const detalle = remesas.dialogo(`Remesa ${numero}`);
  await expect(detalle.getByRole("table", { name: "Adeudos" })).toContainText(`R${numero}-`);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: `Borrar la remesa ${numero}` }).click();
  await remesas.dialogo("Borrar la remesa").getByRole("button", { name: "Borrar" }).click();
  await expect(page.getByText("Remesa borrada")).toBeVisible();
  await expect(page.getByRole("button", { name: `Ver la remesa ${numero}` })).toHaveCount(0);
});
