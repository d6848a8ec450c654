import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { AppPage, CUENTAS, PASSWORD_DEMO } from "../page-models/app-page";
import { infraccionesGraves } from "../support/axe";
import { ETIQUETA_OIDC, PUERTO_APP } from "../support/constantes";

/** What an authenticator app shows for this secret at that moment. */
function codigo(secreto: string, momento = Date.now()): string {
  return new TOTP({
    secret: Secret.fromBase32(secreto),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  }).generate({ timestamp: momento });
}

async function entrarEnElProveedor(page: Page, email: string) {
  await page.goto("/#/login");
  await page.getByRole("link", { name: `Entrar con ${ETIQUETA_OIDC}` }).click();
  await expect(
    page.getByRole("heading", { name: "Proveedor de identidad de pruebas" }),
  ).toBeVisible();
  await page.getByLabel("Correo", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Entrar en el proveedor" }).click();
}

test("entrar con el proveedor OpenID lleva al inicio del rol, sin el vale en la dirección", async ({
  page,
}) => {
  const app = new AppPage(page);
  await entrarEnElProveedor(page, CUENTAS.usuario.email);
  await app.esperarRuta(CUENTAS.usuario.home);
  await expect(page.getByRole("heading", { name: /^Hola, / })).toBeVisible();
  expect(page.url()).not.toContain("oidc=");
  const almacen = await app.almacenamientoLocal();
  expect(almacen.token).toBeTruthy();
  expect(JSON.parse(almacen.user)).toMatchObject({ email: CUENTAS.usuario.email, rol: "usuario" });
  // The one-time code left no trace: going back does not sign in again or show it.
  expect(await page.evaluate(() => window.location.href)).not.toContain("oidc=");
});

test("el proveedor no crea cuentas: un correo sin cuenta vuelve al login con el motivo", async ({
  page,
}) => {
  const app = new AppPage(page);
  await entrarEnElProveedor(page, "nadie-en-la-fila@example.org");
  await app.esperarRuta("login");
  await expect(page.getByRole("alert")).toContainText(
    "No hay ninguna cuenta de la filà con ese correo.",
  );
  expect((await app.almacenamientoLocal()).token).toBeUndefined();
});

test.describe("verificación en dos pasos de un administrador", () => {
  let recuperacion: string[] = [];

  // Whatever happens in the test, the demo administrator ends without TOTP for the other specs.
  test.afterAll(async ({ request }) => {
    if (recuperacion.length < 2) return;
    const base = `http://127.0.0.1:${PUERTO_APP}/api`;
    const login = await request.post(`${base}/login`, {
      data: { email: CUENTAS.administrador.email, password: PASSWORD_DEMO },
    });
    if (login.ok()) return;
    const conCodigo = await request.post(`${base}/login`, {
      data: {
        email: CUENTAS.administrador.email,
        password: PASSWORD_DEMO,
        codigo: recuperacion.at(-1),
      },
    });
    const { accessToken } = await conCodigo.json();
    await request.delete(`${base}/cuenta/totp`, {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { codigo: recuperacion.at(-2) },
    });
  });

  test("la activa con un código calculado del secreto, sale y vuelve a entrar con un código", async ({
    page,
  }) => {
    const app = new AppPage(page);
    await app.entrarHastaInicio(
      CUENTAS.administrador.email,
      PASSWORD_DEMO,
      CUENTAS.administrador.home,
    );

    await page.getByRole("button", { name: "Verificación en dos pasos" }).click();
    const dialogo = page.getByRole("dialog", { name: "Verificación en dos pasos" });
    await dialogo.getByRole("button", { name: "Activar la verificación en dos pasos" }).click();
    await expect(
      dialogo.getByRole("img", { name: "Código QR para la aplicación de autenticación" }),
    ).toBeVisible();
    // The setup dialog (QR, key, code field) has no serious WCAG 2.1 AA violation either.
    expect((await infraccionesGraves(page, '[role="dialog"]')).map((v) => v.id)).toEqual([]);
    const secreto = (await dialogo.getByTestId("totp-secreto").textContent())?.trim() ?? "";
    expect(secreto).toMatch(/^[A-Z2-7]{32}$/);
    await dialogo.getByLabel("Código de 6 cifras").fill(codigo(secreto));
    await dialogo.getByRole("button", { name: "Activar", exact: true }).click();

    const lista = dialogo.getByRole("list", { name: "Tus códigos de recuperación" });
    await expect(lista.getByRole("listitem")).toHaveCount(10);
    recuperacion = (await lista.getByRole("listitem").allTextContents()).map((c) => c.trim());
    await dialogo.getByRole("button", { name: "Ya los he guardado" }).click();
    await expect(dialogo).toBeHidden();

    await app.cerrarSesion();
    await app.esperarRuta("login");

    // The password alone is not enough any more: the code is asked.
    await app.entrar(CUENTAS.administrador.email, PASSWORD_DEMO);
    const campo = page.getByLabel("Código de verificación");
    await expect(campo).toBeVisible();
    // The code of the next 30 s step: the one used to activate cannot be used again.
    await campo.fill(codigo(secreto, Date.now() + 30_000));
    await page.getByRole("button", { name: "Verificar y entrar" }).click();
    await app.esperarRuta(CUENTAS.administrador.home);
    await expect(page.getByRole("heading", { name: /^Hola, / })).toBeVisible();

    // And it can be turned off again with a recovery code.
    await page.getByRole("button", { name: "Verificación en dos pasos" }).click();
    await expect(dialogo.getByText("Te quedan 10 códigos de recuperación.")).toBeVisible();
    await dialogo.getByLabel("Código o código de recuperación").fill(recuperacion[0]);
    await dialogo.getByRole("button", { name: "Desactivar" }).click();
    await expect(dialogo.getByText("Desactivada")).toBeVisible();
  });
});
