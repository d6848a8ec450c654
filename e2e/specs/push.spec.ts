import { expect, test } from "@playwright/test";
import { AppPage, CUENTAS, PASSWORD_DEMO } from "../page-models/app-page";

test("la tarjeta de notificación muestra el mensaje, se cierra con la X y se reabre con otro", async ({
  page,
  request,
}) => {
  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.socio);
  const socio = JSON.parse((await app.almacenamientoLocal()).user);

  const login = await request.post("/api/login", {
    data: { email: CUENTAS.administrador.email, password: PASSWORD_DEMO },
  });
  const { accessToken } = await login.json();
  const enviar = async (titulo: string, mensaje: string) => {
    const r = await request.post("/api/alertas", {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { titulo, mensaje, destino: { idsSocio: [socio.socioId] } },
    });
    expect(r.status()).toBe(201);
  };

  const tarjeta = page.getByRole("status", { name: "Notificación" });
  // The stream may take a moment to connect after sign-in: resend until the card shows.
  await expect(async () => {
    await enviar("Assaig general", "Esta noche a las 22:00 en el casal");
    await expect(tarjeta).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(tarjeta).toContainText("Assaig general");
  await expect(tarjeta).toContainText("Esta noche a las 22:00 en el casal");

  await page.getByRole("button", { name: "Cerrar notificación" }).click();
  await expect(tarjeta).toBeHidden();

  await enviar("Sopar de germanor", "Apúntate antes del viernes");
  await expect(tarjeta).toBeVisible();
  await expect(tarjeta).toContainText("Sopar de germanor");
});
