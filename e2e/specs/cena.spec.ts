import { type APIRequestContext, expect, test } from "@playwright/test";
import { AppPage, CUENTAS, PASSWORD_DEMO } from "../page-models/app-page";

// The night everyone wants a seat (issue 50), on the phone: a festero enrols in their turn and
// creates a table, two others join it (one with a coeliac guest), and the board prints the plan.

test.use({ viewport: { width: 390, height: 844 } });

type Sesion = { headers: { authorization: string }; socioId: number };

async function entrarApi(request: APIRequestContext, email: string): Promise<Sesion> {
  const r = await request.post("/api/login", { data: { email, password: PASSWORD_DEMO } });
  const datos = (await r.json()) as { accessToken: string; socioId: number };
  return { headers: { authorization: `Bearer ${datos.accessToken}` }, socioId: datos.socioId };
}

/** `YYYY-MM-DDTHH:mm` in Madrid (the spec's process runs in Europe/Madrid). */
function enMadrid(d: Date): string {
  const dos = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${dos(d.getMonth() + 1)}-${dos(d.getDate())}T${dos(d.getHours())}:${dos(d.getMinutes())}`;
}

test("un festero se inscribe en su turno, crea mesa, dos más se unen (uno con un invitado celíaco) y la junta imprime el plano", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await entrarApi(request, CUENTAS.administrador.email);
  const jordi = await entrarApi(request, CUENTAS.usuario.email);
  const socio = await entrarApi(request, CUENTAS.socio.email);
  const tipoDe = async (id: number) =>
    (
      (await (await request.get(`/api/socios/${id}`, { headers: admin.headers })).json()) as {
        tipo: { id: number };
      }
    ).tipo.id;
  const tipos = [...new Set([await tipoDe(jordi.socioId), await tipoDe(socio.socioId)])];
  // A first turn for their member types, open an hour ago; everyone else, in two days.
  const ahora = Date.now();
  const fecha = new Date(ahora + 20 * 86_400_000).toISOString().slice(0, 10);
  const nombre = `Cena de gala ${ahora}`;
  const creado = await request.post("/api/actos", {
    headers: admin.headers,
    data: {
      nombre,
      fecha,
      hora: "21:30",
      lugar: "Casal",
      aforo: 300,
      invitadosMax: 2,
      plazasPorMesa: 10,
      turnos: [
        { desde: enMadrid(new Date(ahora - 3_600_000)), tipos },
        { desde: enMadrid(new Date(ahora + 2 * 86_400_000)) },
      ],
    },
  });
  expect(creado.status(), await creado.text()).toBe(201);
  const acto = (await creado.json()) as { id: number };

  // Jordi, on his phone: his turn is open; he enrols and creates a table.
  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.usuario, "misactos");
  const tarjeta = page.getByRole("article", { name: nombre });
  const yo = tarjeta.getByRole("listitem").first();
  await yo.getByRole("button", { name: /^Inscribir a / }).click();
  const dialogo = page.getByRole("dialog");
  await dialogo.getByRole("button", { name: "Inscribir" }).click();
  await expect(dialogo).toBeHidden();
  await expect(yo).toContainText("Inscrito");
  const mesa = tarjeta.getByTestId("mesa-socio");
  await mesa.getByRole("button", { name: "Crear mesa" }).click();
  await expect(mesa).toContainText("Tu mesa: 1");
  const codigo = (await mesa.getByTestId("codigo-mesa").textContent())?.trim() ?? "";
  expect(codigo).toMatch(/^[A-Z2-9]{6}$/);

  // The socio enrols with a coeliac guest and joins by the code.
  await app.entrarConSesion(CUENTAS.socio, "misactos");
  const suya = page.getByRole("article", { name: nombre });
  await suya
    .getByRole("listitem")
    .first()
    .getByRole("button", { name: /^Inscribir a / })
    .click();
  const inscribir = page.getByRole("dialog");
  await inscribir.getByLabel("Invitados").fill("1");
  await inscribir.getByLabel("Invitado 1: nombre").fill("Marta Invitada");
  await inscribir
    .getByRole("group", { name: "Dieta del invitado 1" })
    .getByLabel("Celíaco")
    .check();
  await inscribir.getByRole("button", { name: "Inscribir" }).click();
  await expect(inscribir).toBeHidden();
  const mesaSocio = suya.getByTestId("mesa-socio");
  await mesaSocio.getByRole("textbox", { name: "Código" }).fill(codigo);
  await mesaSocio.getByRole("button", { name: "Unirse" }).click();
  await expect(mesaSocio).toContainText("Tu mesa: 1");

  // A third one (the president, by the API) joins too.
  const pres = await request.post(`/api/actos/${acto.id}/inscripciones`, {
    headers: admin.headers,
    data: { idSocio: admin.socioId },
  });
  expect(pres.status(), await pres.text()).toBe(201);
  const union = await request.post(`/api/actos/${acto.id}/mesas/union`, {
    headers: admin.headers,
    data: { codigo },
  });
  expect(union.status(), await union.text()).toBe(200);

  // The board's plan: table 1 with four people and one coeliac menu; the plan printed.
  await app.entrarConSesion(CUENTAS.administrador, `listado-inscritos?acto=${acto.id}&vista=mesas`);
  const mesa1 = page.getByTestId("mesa-1");
  await expect(mesa1).toContainText("4 de 10");
  await expect(mesa1).toContainText("Marta Invitada");
  await expect(mesa1).toContainText("Celíaco");
  await expect(page.getByTestId("recuento-dietas")).toContainText("Celíaco: 1");
  const descarga = page.waitForEvent("download");
  await page.getByRole("button", { name: "Imprimir plano" }).click();
  const pdf = await descarga;
  expect(pdf.suggestedFilename()).toMatch(/^plano-mesas-.*\.pdf$/);
});
