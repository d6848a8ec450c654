import { expect, test } from "@playwright/test";
import { AppPage, CUENTAS } from "../page-models/app-page";
import { escribirFecha, escribirHora } from "../page-models/campo-fecha";

// A browser in English: native date and time inputs would show mm/dd/yyyy and 09:30 PM. The
// app's fields keep dd/mm/aaaa and 24 h.
test.use({ locale: "en-US" });

test("en un navegador en inglés las fechas se ven y se escriben dd/mm/aaaa y la hora en 24 h", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.administrador);
  expect(await page.evaluate(() => navigator.language)).toBe("en-US");
  await expect(
    page.locator("input[type=date], input[type=time], input[type=datetime-local]"),
  ).toHaveCount(0);

  // The member record: a birth date whose day would be read as a month in mm/dd/yyyy.
  await app.irA("socios/ficha/nuevo");
  const nacimiento = page.getByRole("textbox", { name: "Fecha de nacimiento" });
  await expect(nacimiento).toHaveAttribute("placeholder", "dd/mm/aaaa");
  await escribirFecha(nacimiento, "05/03/1990");
  await nacimiento.click();
  // The calendar opens on March 1990 (not May), in Spanish, with the 5th chosen.
  await expect(page.getByRole("button", { name: "marzo 1990", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "5 marzo 1990", exact: true })).toHaveAttribute(
    "data-selected",
    "true",
  );
  await nacimiento.press("Escape");
  await expect(
    page.locator("input[type=date], input[type=time], input[type=datetime-local]"),
  ).toHaveCount(0);

  // An event: date and time typed, saved, and shown back the Spanish way.
  const nombre = `Cena de prueba de idioma ${Date.now()}`;
  await app.irA("actos");
  await page.getByRole("button", { name: "Nuevo acto" }).click();
  const form = page.getByRole("dialog", { name: "Nuevo acto" });
  await form.getByRole("textbox", { name: "Nombre" }).fill(nombre);
  const fecha = form.getByRole("textbox", { name: "Fecha", exact: true });
  await expect(fecha).toHaveAttribute("placeholder", "dd/mm/aaaa");
  await escribirFecha(fecha, "24/12/2030");
  await escribirHora(form, "21:30");
  await expect(form.getByText(/\b(AM|PM)\b/)).toHaveCount(0);
  await expect(form.locator("input[type=date], input[type=time]")).toHaveCount(0);
  await form.getByRole("button", { name: "Guardar" }).click();
  await expect(form).toBeHidden();

  await page.getByRole("searchbox", { name: "Buscar", exact: true }).fill(nombre);
  await expect(page.getByRole("row", { name: new RegExp(nombre) })).toContainText(
    "24/12/2030 · 21:30",
  );
});
