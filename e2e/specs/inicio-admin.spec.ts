import { expect, test } from "@playwright/test";
import { AppPage, CUENTAS, PASSWORD_DEMO } from "../page-models/app-page";

type ActoLista = { id: number; nombre: string; cancelado: boolean };

test("el administrador ve el panel con las cifras de la demo y salta al listado de inscritos del próximo acto", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // The demo figures, as the API gives them to the administrator.
  const login = await request.post("/api/login", {
    data: { email: CUENTAS.administrador.email, password: PASSWORD_DEMO },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const activos = (await (
    await request.get("/api/socios?activo=1&pageSize=1", { headers })
  ).json()) as { total: number };
  const proximos = (await (
    await request.get("/api/actos?cuando=proximos&pageSize=20", { headers })
  ).json()) as { items: ActoLista[] };
  const pendientes = (await (
    await request.get("/api/pagos?estado=pendiente&pageSize=1", { headers })
  ).json()) as { total: number };
  expect(pendientes.total).toBeGreaterThan(1);
  const siguiente = proximos.items.find((a) => !a.cancelado);
  expect(activos.total).toBeGreaterThan(0);
  expect(siguiente).toBeTruthy();

  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.administrador);
  // The intro and the area cards stay.
  await expect(page.getByRole("heading", { name: "Tus apartados" })).toBeVisible();

  const socios = page.getByRole("region", { name: "Socios", exact: true });
  await expect(socios.getByTestId("panel-socios-activos")).toHaveText(String(activos.total));
  await expect(socios.getByText("Fester", { exact: true })).toBeVisible();

  const deuda = page.getByRole("region", { name: "Deuda pendiente" });
  await expect(deuda.getByTestId("panel-deuda-pendiente")).toHaveText(/^[\d.]+,\d{2}\s€$/);
  await expect(deuda.getByText(`${pendientes.total} cargos pendientes`)).toBeVisible();
  await expect(deuda.getByRole("link", { name: "Ver cargos pendientes" })).toHaveAttribute(
    "href",
    "#/pagos?estado=pendiente",
  );
  await expect(
    page.getByRole("region", { name: "Cobrado este año" }).getByTestId("panel-cobrado-importe"),
  ).toHaveText(/^[\d.]+,\d{2}\s€$/);
  await expect(
    page.getByRole("region", { name: "Últimas alertas enviadas" }).getByText(/\d+\/\d+ leídas/),
  ).not.toHaveCount(0);
  await expect(
    page
      .getByRole("region", { name: "Remesas por cobrar" })
      .getByTestId("panel-remesas-pendientes"),
  ).toHaveText(/^\d+$/);

  const actos = page.getByRole("region", { name: "Próximos actos" });
  const enlace = actos.getByRole("link", { name: siguiente?.nombre, exact: true });
  await expect(enlace).toBeVisible();
  await expect(actos.getByTestId(`panel-acto-${siguiente?.id}`)).toContainText(
    /\d{2}\/\d{2}\/\d{4}/,
  );
  await enlace.click();
  await app.esperarRuta("listado-inscritos");
  await expect(page).toHaveURL(new RegExp(`acto=${siguiente?.id}$`));
});
