import { expect, test } from "@playwright/test";
import { AppPage } from "../page-models/app-page";
import { PRIMER_ADMIN } from "../support/constantes";
import { arrancarSmtp } from "../support/smtp";

let smtp: Awaited<ReturnType<typeof arrancarSmtp>>;
test.beforeAll(async () => {
  smtp = await arrancarSmtp();
});
test.afterAll(async () => {
  await smtp?.cerrar();
});

test("el correo de restablecimiento llega por SMTP y su enlace pone una contraseña que funciona; luego pide aceptar las condiciones", async ({
  page,
}) => {
  const app = new AppPage(page);
  await app.irA("login");
  await page.getByRole("link", { name: "¿Has olvidado tu contraseña?" }).click();
  await app.esperarRuta("contrasenya-olvidada");
  // The address changes before the new page is drawn (the router renders it in a transition):
  // until then the login, with a field of the same name, is still on screen.
  await expect(page.getByRole("heading", { name: "¿Has olvidado tu contraseña?" })).toBeVisible();
  await page.getByLabel("Correo electrónico").fill(PRIMER_ADMIN.email);
  await page.getByRole("button", { name: "Enviar el enlace" }).click();
  await expect(page.getByText(/recibirás en unos minutos un enlace/)).toBeVisible();

  const correo = await smtp.esperarCorreo(PRIMER_ADMIN.email);
  expect(correo.asunto).toBe("Restablecer tu contraseña");
  const enlace = correo.texto.match(/http\S+contrasenya-olvidada\?token=\S+/)?.[0];
  expect(enlace).toBeTruthy();

  await page.goto(enlace as string);
  const nueva = "nueva-clave-del-primer-admin";
  await page.getByLabel("Nueva contraseña").fill(nueva);
  await page.getByLabel("Repite la contraseña").fill(nueva);
  await page.getByRole("button", { name: "Cambiar la contraseña" }).click();
  await expect(page.getByText("Contraseña cambiada. Ya puedes entrar.")).toBeVisible();

  // The old password no longer works; the new one does, and the terms come first.
  await app.entrar(PRIMER_ADMIN.email, PRIMER_ADMIN.password);
  await expect(page.getByRole("alert")).toContainText("Correo o contraseña incorrectos.");
  await app.entrar(PRIMER_ADMIN.email, nueva);
  await expect(page.getByRole("button", { name: "Acepto las condiciones" })).toBeVisible();
  await app.irA("admin-home");
  await expect(page.getByRole("button", { name: "Acepto las condiciones" })).toBeVisible();
  await page.getByRole("button", { name: "Acepto las condiciones" }).click();
  await app.esperarRuta("admin-home");
  const user = JSON.parse((await app.almacenamientoLocal()).user);
  expect(user.condicionesAceptadas).toBe("si");

  // The link is single-use.
  await page.goto(enlace as string);
  await page.getByLabel("Nueva contraseña").fill("otra-clave-mas-distinta");
  await page.getByLabel("Repite la contraseña").fill("otra-clave-mas-distinta");
  await page.getByRole("button", { name: "Cambiar la contraseña" }).click();
  await expect(page.getByRole("alert")).toContainText(/no es válido|caducado/);
});
