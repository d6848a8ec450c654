import { type APIRequestContext, expect, test } from "@playwright/test";
import { AppPage, CUENTAS, PASSWORD_DEMO } from "../page-models/app-page";

// The general assembly (issue 48): the socio delegates their vote from the phone to Jordi (the
// usuario account); Jordi is checked in at the door and votes from the phone, for himself and for
// the socio, while the board's screen shows the quorum and then the result.

async function token(request: APIRequestContext, email: string) {
  const r = await request.post("/api/login", { data: { email, password: PASSWORD_DEMO } });
  return (await r.json()) as { accessToken: string; socioId: number };
}

function dentroDe(dias: number): string {
  return new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
}

test("un socio delega, otro entra y vota desde el móvil y la pantalla de la junta da el resultado", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await token(request, CUENTAS.administrador.email);
  const h = { authorization: `Bearer ${admin.accessToken}` };
  const jordi = await token(request, CUENTAS.usuario.email);
  const socioJordi = (await (
    await request.get(`/api/socios/${jordi.socioId}`, { headers: h })
  ).json()) as {
    nombre: string;
    apellidos: string;
  };
  const nombreJordi = `${socioJordi.nombre} ${socioJordi.apellidos}`.trim();
  const opcionJordi = new RegExp(`^${nombreJordi}( \\(\\d+\\))?$`);

  // The board: rules without age nor debts (the demo's members), an event, its assembly, called.
  expect(
    (
      await request.put("/api/asociacion/asambleas", {
        headers: h,
        data: {
          preavisoDias: 15,
          quorumPrimera: 0.5,
          edadMinima: 0,
          antiguedadMinima: 0,
          tiposSocio: [],
          excluirDeudores: false,
          maxDelegaciones: 1,
        },
      })
    ).status(),
  ).toBe(200);
  const fecha = dentroDe(40);
  const nombreActo = `Asamblea general e2e ${Date.now()}`;
  const acto = (await (
    await request.post("/api/actos", {
      headers: h,
      data: { nombre: nombreActo, fecha, hora: "19:00", lugar: "Casal" },
    })
  ).json()) as { id: number };
  const asamblea = await request.post("/api/asambleas", {
    headers: h,
    data: {
      idActo: acto.id,
      caracter: "ordinaria",
      primeraConvocatoria: `${fecha}T18:00:00+01:00`,
      segundaConvocatoria: `${fecha}T18:30:00+01:00`,
      puntos: [
        { titulo: "Aprobación de las cuentas", votacion: { modo: "secreta", mayoria: "simple" } },
      ],
    },
  });
  expect(asamblea.status()).toBe(201);
  const { id } = (await asamblea.json()) as { id: number };
  expect((await request.post(`/api/asambleas/${id}/convocatoria`, { headers: h })).status()).toBe(
    200,
  );

  // The socio, on the phone: «Delegar mi voto» in Jordi.
  const movil = { viewport: { width: 390, height: 844 } };
  const ctxSocio = await browser.newContext(movil);
  const socio = new AppPage(await ctxSocio.newPage());
  await socio.entrarConSesion(CUENTAS.socio, "misactos");
  const tarjetaSocio = socio.page.getByTestId("mi-asamblea").filter({ hasText: nombreActo });
  await expect(tarjetaSocio).toContainText("Aprobación de las cuentas");
  await tarjetaSocio.getByRole("button", { name: "Delegar mi voto" }).click();
  await tarjetaSocio.getByRole("combobox", { name: "Delegar en" }).click();
  await socio.page.getByRole("option", { name: opcionJordi }).first().click();
  await tarjetaSocio.getByRole("button", { name: "Confirmar delegación" }).click();
  await expect(tarjetaSocio).toContainText(`Has delegado tu voto en ${nombreJordi}`);

  // The board, on the laptop: Jordi checked in by hand; quorum screen; the vote opened.
  const ctxJunta = await browser.newContext();
  const junta = new AppPage(await ctxJunta.newPage());
  await junta.entrarConSesion(
    CUENTAS.administrador,
    `listado-inscritos?acto=${acto.id}&vista=asamblea`,
  );
  await junta.page.getByRole("tab", { name: "Entrada" }).click();
  await junta.page.getByRole("combobox", { name: "Socio sin carnet" }).click();
  await junta.page.getByRole("option", { name: opcionJordi }).first().click();
  await junta.page.getByRole("button", { name: "Marcar entrada" }).click();
  await expect(junta.page.getByTestId("ultima-entrada")).toContainText(nombreJordi);
  await junta.page.getByRole("tab", { name: "Quórum y votaciones" }).click();
  const pantalla = junta.page.getByTestId("pantalla-asamblea");
  await expect(pantalla.getByText("Presentes")).toBeVisible();
  await expect(pantalla.getByText("Representados")).toBeVisible();
  await pantalla.getByRole("button", { name: "Abrir votación" }).click();

  // Jordi's phone: the voting card opens; he votes for himself and for the socio.
  const ctxJordi = await browser.newContext(movil);
  const movilJordi = new AppPage(await ctxJordi.newPage());
  await movilJordi.entrarConSesion(CUENTAS.usuario, "misactos");
  const voto = movilJordi.page
    .getByTestId("mi-asamblea")
    .filter({ hasText: nombreActo })
    .getByTestId("tarjeta-voto");
  await expect(voto).toContainText("Votación abierta: Aprobación de las cuentas");
  await expect(voto.getByRole("button", { name: "Sí" })).toHaveCount(2);
  await voto.getByRole("button", { name: "Sí" }).first().click();
  await expect(voto.getByRole("button", { name: "Sí" })).toHaveCount(1);
  await voto.getByRole("button", { name: "No" }).click();
  await expect(voto).toContainText("Voto registrado");

  // The board closes it: the big numbers and the result.
  await pantalla.getByRole("button", { name: "Cerrar votación" }).click();
  await expect(pantalla.getByTestId("resultado")).toHaveText("No aprobado");
  const punto = pantalla.locator("[data-testid^='punto-']");
  await expect(punto).toContainText("Votantes");
  await expect(punto.getByText("2", { exact: true })).toBeVisible();

  await Promise.all([ctxSocio.close(), ctxJunta.close(), ctxJordi.close()]);
});
