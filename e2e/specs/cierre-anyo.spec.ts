import { expect, test } from "@playwright/test";
import { CUENTAS } from "../page-models/app-page";
import { CierreAnyoPage } from "../page-models/cierre-anyo-page";

// The demo filà's products and charges are of this year: closing the year before leaves them as
// they are for the other specs, and still makes every active member one year older as festero.
test("la junta cierra un año: vista previa, confirmación, historial y un segundo cierre rechazado", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const cierre = new CierreAnyoPage(page);
  await cierre.entrarConSesion(CUENTAS.administrador);
  const anyo = new Date().getFullYear() - 1;
  await cierre.abrir();
  await expect(page.getByText("Aún no se ha cerrado ningún año.")).toBeVisible();

  await cierre.verVistaPrevia(anyo);
  await expect(
    page.getByRole("heading", { name: `Qué pasará al cerrar ${anyo} (año nuevo: ${anyo + 1})` }),
  ).toBeVisible();
  const crecen = Number(await cierre.cifra("Socios con un año más de edad festera").textContent());
  expect(crecen).toBeGreaterThan(100);
  await expect(
    page
      .getByRole("table", { name: "Socios que cumplen un año más como festeros" })
      .locator("tbody tr"),
  ).toHaveCount(crecen);
  await expect(page.getByText(`No hay productos en ${anyo}.`)).toBeVisible();
  await expect(page.getByText("No queda nada pendiente.")).toBeVisible();

  // Confirm: the button waits for the acknowledgement that it cannot be undone.
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByText(`Cerrar el año ${anyo} no se puede deshacer`)).toBeVisible();
  const cerrar = page.getByRole("button", { name: `Cerrar el año ${anyo}` });
  await expect(cerrar).toBeDisabled();
  await page.getByLabel(`Entiendo que el año ${anyo} quedará cerrado`).check();
  await cerrar.click();
  await expect(page.getByRole("status").filter({ hasText: `Año ${anyo} cerrado` })).toContainText(
    `${crecen} socios con un año más de edad festera`,
  );

  // The close offers the treasury's own close of that year, on its accounts (issue 47).
  await expect(page.getByRole("link", { name: `Cerrar la tesorería de ${anyo}` })).toHaveAttribute(
    "href",
    `#/productos?vista=tesoreria&seccion=cuentas-anuales&anyo=${anyo}`,
  );

  // The history shows who closed it, when (dd/mm/aaaa) and the figures.
  const fila = cierre
    .historial()
    .getByRole("row")
    .filter({ hasText: String(anyo) });
  await expect(fila).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(fila).toContainText(`${crecen} socios con un año más de edad festera`);

  // A year closes once: the preview of the same year now says so, in Spanish.
  await page.getByRole("button", { name: "Volver al principio" }).click();
  await cierre.verVistaPrevia(anyo);
  await expect(
    page.getByText(new RegExp(`El año ${anyo} ya está cerrado: lo cerró `)),
  ).toBeVisible();
});
