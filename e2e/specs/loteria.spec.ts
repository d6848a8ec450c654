import { expect, test } from "@playwright/test";
import { AppPage, CUENTAS, PASSWORD_DEMO } from "../page-models/app-page";
import { infraccionesGraves } from "../support/axe";

// The Christmas lottery (issue 46) on the phone. The demo's lottery gives Jordi (the usuario
// account) a talonario of 50 participations at 4,80 €, series 1–50.

test.use({ viewport: { width: 390, height: 844 } });

test("en el móvil, Jordi liquida su talonario (30 vendidas, 20 devueltas) y lo paga en línea", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.usuario);

  // The home's card while the lottery is open (below the phone's first screen: down to it)
  // leads to Mis pagos.
  await app.verLoDeDebajo();
  const tarjeta = page.getByRole("region", { name: "Lotería de Navidad" });
  await expect(tarjeta).toContainText("Tienes 1 talonario por liquidar");
  await tarjeta.getByRole("link", { name: "Liquidar en Mis pagos" }).click();
  await app.esperarRuta("mispagos");

  const talonario = page.getByRole("listitem", { name: "Lotería de Navidad · 1–50" });
  await talonario.getByRole("button", { name: "Liquidar el talonario 1–50" }).click();
  const dialogo = page.getByRole("dialog", { name: "Liquidar el talonario 1–50" });
  await dialogo.getByText("Qué series devuelvo").click();
  await dialogo.getByLabel("Series devueltas").fill("31-50");
  await expect(dialogo.getByTestId("previa-liquidacion")).toHaveText(
    "30 vendidas y 20 devueltas: un cargo de 144,00 €.",
  );
  await dialogo.getByRole("button", { name: "Liquidar" }).click();
  await expect(dialogo).toBeHidden();
  await expect(talonario.getByTestId("liquidacion")).toHaveText(
    "30 vendidas · 20 devueltas · 144,00 €",
  );

  // «Pagar ahora» on the talonario pays exactly its charge, at the bank (the simulated Redsys).
  await talonario.getByRole("button", { name: "Pagar ahora" }).click();
  const pago = page.getByRole("dialog", { name: "Pagar en línea" });
  await expect(pago.getByRole("checkbox")).toHaveCount(1);
  await expect(pago.getByTestId("total-pago-online")).toHaveText("Total: 144,00 €");
  await pago.getByRole("button", { name: "Ir a la página del banco" }).click();
  await expect(page.getByText("Importe: 144,00 €")).toBeVisible();
  await page.getByRole("button", { name: "Pagar" }).click();
  await app.esperarRuta("pago-online/\\d{12}");
  await expect(page.getByRole("heading", { name: "Pago hecho", level: 1 })).toBeVisible();

  await app.irA("mispagos");
  await expect(talonario).toContainText("Pagado");
  await expect(talonario.getByRole("button", { name: "Pagar ahora" })).toHaveCount(0);
});

test("quien compra una participación la verifica con su QR, sin entrar; un código alterado no vale", async ({
  page,
  request,
}) => {
  // The code printed in the QR of the first participation of the demo's lottery.
  const login = await request.post("/api/login", {
    data: { email: CUENTAS.administrador.email, password: PASSWORD_DEMO },
  });
  const admin = {
    authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`,
  };
  const loterias = (await (await request.get("/api/loterias", { headers: admin })).json()) as {
    items: { id: number }[];
  };
  const participaciones = (await (
    await request.get(`/api/loterias/${loterias.items[0]?.id}/participaciones?pageSize=1`, {
      headers: admin,
    })
  ).json()) as { items: { serie: number; codigo: string }[] };
  const participacion = participaciones.items[0];
  expect(participacion?.serie).toBe(1);

  const app = new AppPage(page);
  await app.irA(`participacion/${participacion?.codigo}`);
  await expect(page.getByRole("heading", { name: "Participación de lotería" })).toBeVisible();
  await expect(page.getByTestId("estado-participacion")).toHaveText("Válida");
  const datos = page.getByRole("region", { name: "Lotería de Navidad" });
  await expect(datos).toContainText("Sorteo Extraordinario de Navidad");
  await expect(datos).toContainText("05473, 71234");
  await expect(datos).toContainText("Total4,80 €");
  // Nothing about who holds it.
  await expect(datos).not.toContainText("Pastor");
  expect(await infraccionesGraves(page)).toEqual([]);

  const alterado = `${participacion?.codigo.slice(0, -1)}${participacion?.codigo.endsWith("A") ? "B" : "A"}`;
  await app.irA(`participacion/${alterado}`);
  await expect(page.getByRole("alert", { name: "Participación no encontrada" })).toBeVisible();
});
