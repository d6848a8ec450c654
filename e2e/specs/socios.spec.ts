import { expect, test } from "@playwright/test";
import { AppPage, CUENTAS } from "../page-models/app-page";
import { arrancarSmtp } from "../support/smtp";

let smtp: Awaited<ReturnType<typeof arrancarSmtp>>;
test.beforeAll(async () => {
  smtp = await arrancarSmtp();
});
test.afterAll(async () => {
  await smtp?.cerrar();
});

test("la secretaria da de alta un tipo y un socio, lo encuentra sin tildes, le crea la cuenta y el socio entra a Mis Datos", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.administrador);

  // A new member type.
  await app.irA("tipossocio");
  await page.getByRole("button", { name: "Nuevo tipo de socio" }).click();
  const alta = page.getByRole("dialog", { name: "Nuevo tipo de socio" });
  await alta.getByLabel("Nombre").fill("Costaler");
  await alta.getByRole("button", { name: "Guardar" }).click();
  await expect(alta).toBeHidden();

  // A new member with a wrong NIF letter: a Spanish error, then fixed.
  await app.irA("socios");
  await page
    .getByRole("link", { name: "Nuevo socio" })
    .or(page.getByRole("button", { name: "Nuevo socio" }))
    .click();
  await page.getByRole("textbox", { name: /^Nombre/ }).fill("Vicent");
  await page.getByLabel("Apellidos").fill("Martínez Ñúñez");
  await page.getByLabel("NIF o NIE").fill("12345678A");
  await page.getByLabel("Correo electrónico").fill("vicent.martinez@example.com");
  await page.getByRole("combobox", { name: "Tipo de socio" }).click();
  await page.getByRole("option", { name: "Costaler" }).click();
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("El NIF o NIE no es válido")).toBeVisible();
  await page.getByLabel("NIF o NIE").fill("12345678Z");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/#\/socios\/ficha\/\d+$/);
  const idSocio = Number(page.url().split("/").pop());

  // Found without accents.
  await app.irA("socios");
  await page.getByRole("searchbox", { name: "Buscar" }).fill("martinez nunez");
  const fila = page.getByRole("row").filter({ hasText: "Martínez Ñúñez" });
  await expect(fila).toBeVisible();
  await expect(fila).toContainText("Costaler");
  await expect(page.getByRole("row")).toHaveCount(2);

  // An account for the member: the invitation arrives by SMTP.
  await app.irA(`socios/ficha/${idSocio}`);
  const cuenta = page.getByRole("region", { name: "Crear cuenta de acceso" });
  await expect(cuenta.getByLabel("Correo electrónico")).toHaveValue("vicent.martinez@example.com");
  await cuenta.getByRole("button", { name: "Crear cuenta de acceso" }).click();
  await expect(page.getByRole("region", { name: "Cuenta de acceso" })).toBeVisible();
  const correo = await smtp.esperarCorreo("vicent.martinez@example.com");
  const enlace = correo.texto.match(/http\S+contrasenya-olvidada\?token=\S+/)?.[0];
  expect(enlace).toContain("invitacion=1");

  await app.cerrarSesion();
  await app.esperarRuta("login");
  await page.goto(enlace as string);
  await expect(page.getByRole("heading", { name: "Activa tu cuenta" })).toBeVisible();
  await page.getByLabel("Nueva contraseña").fill("festa-del-costaler-2026");
  await page.getByLabel("Repite la contraseña").fill("festa-del-costaler-2026");
  await page.getByRole("button", { name: "Activar la cuenta" }).click();
  await expect(page.getByText(/Cuenta activada/)).toBeVisible();

  // The member signs in, accepts the terms and sees only their own record.
  await app.entrar("vicent.martinez@example.com", "festa-del-costaler-2026");
  await page.getByRole("button", { name: "Acepto las condiciones" }).click();
  await app.esperarRuta("user-home");
  await app.abrirMenu();
  await app.menu().getByRole("link", { name: "Mis Datos" }).click();
  await app.esperarRuta("socios/ficha/0");
  await expect(page.getByRole("textbox", { name: /^Nombre/ })).toHaveValue("Vicent");
  await expect(page.getByLabel("Apellidos")).toHaveValue("Martínez Ñúñez");
  await app.irA("socios/ficha/1");
  await expect(page.getByText("No puedes ver esta ficha")).toBeVisible();
});
