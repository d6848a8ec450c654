import { expect, test } from "@playwright/test";
import { AlertasPage } from "../page-models/alertas-page";
import { AppPage, CUENTAS, PASSWORD_DEMO } from "../page-models/app-page";

test("el administrador envía una alerta a un tipo de socio; el socio la ve en primer plano, la lee y el administrador ve la lectura", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  // The demo user's member type, as the administrator sees it.
  const entrarApi = async (email: string) =>
    (await (
      await request.post("/api/login", { data: { email, password: PASSWORD_DEMO } })
    ).json()) as {
      accessToken: string;
      socioId: number;
    };
  const admin = await entrarApi(CUENTAS.administrador.email);
  const jordi = await entrarApi(CUENTAS.usuario.email);
  const ficha = await request.get(`/api/socios/${jordi.socioId}`, {
    headers: { authorization: `Bearer ${admin.accessToken}` },
  });
  const tipo = ((await ficha.json()) as { tipo: { nombre: string } }).tipo.nombre;

  // The member, signed in in another browser.
  const contextoSocio = await browser.newContext();
  const paginaSocio = await contextoSocio.newPage();
  const socio = new AppPage(paginaSocio);
  await socio.entrarConSesion(CUENTAS.usuario);
  const alertasSocio = new AlertasPage(paginaSocio);
  await expect(alertasSocio.campana()).toBeVisible();
  const antes = await alertasSocio.noLeidas();

  // The administrator sends it from the alerts page.
  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.administrador, "alertas");
  const alertas = new AlertasPage(page);
  await alertas.pestanya("Enviar alerta");
  const titulo = `Assaig general ${Date.now()}`;
  await alertas.enviarATipoDeSocio({
    titulo,
    mensaje: "Esta noche a las 22:00 en el casal",
    tipo,
  });
  await expect(page.getByText(/Enviada a \d+ destinatarios/)).toBeVisible();
  const fila = alertas.filaEnviada(titulo);
  await expect(fila).toBeVisible();
  await expect(fila.getByRole("cell").nth(4)).toHaveText("0");

  // The member sees the push card in the foreground and one more unread on the bell.
  const tarjeta = alertasSocio.tarjetaPush();
  await expect(tarjeta).toBeVisible({ timeout: 15_000 });
  await expect(tarjeta).toContainText(titulo);
  await expect(tarjeta).toContainText("Esta noche a las 22:00 en el casal");
  await expect(alertasSocio.campana(antes + 1)).toBeVisible();
  // Its home lists it, unread, among the latest alerts.
  const ultimas = paginaSocio.getByRole("region", { name: "Últimas alertas" });
  await expect(ultimas.getByRole("link", { name: new RegExp(titulo) })).toContainText("Nueva");

  // Opens it from the bell: it shows and becomes read.
  await alertasSocio.campana().click();
  await socio.esperarRuta("alertas");
  await alertasSocio.abrir(titulo);
  await expect(paginaSocio.getByRole("dialog", { name: titulo })).toContainText(
    "Esta noche a las 22:00 en el casal",
  );
  await expect(alertasSocio.campana(antes)).toBeVisible();
  await contextoSocio.close();

  // The administrator sees it as read.
  await page.reload();
  await expect(alertas.filaEnviada(titulo).getByRole("cell").nth(4)).toHaveText("1");
});
