import { colorTexto } from "@fila/domain";
import { expect, test } from "@playwright/test";
import { AppPage, CUENTAS } from "../page-models/app-page";
import { MaestrosPage } from "../page-models/maestros-page";

/** "#rrggbb" → the "rgb(r, g, b)" a browser reports for a computed colour. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

test("el administrador crea, edita y desactiva tipos de socio; uno en uso no se borra", async ({
  page,
}) => {
  const app = new AppPage(page);
  const maestros = new MaestrosPage(page);
  await app.entrarConSesion(CUENTAS.administrador, "tipossocio");
  await expect(maestros.titulo("Tipos de socio")).toBeVisible();
  await expect(maestros.fila("Fester")).toBeVisible();

  // Create "Capità" in a light colour: the preview and the badge use black text (SPEC §9).
  const amarillo = "#ffd43b";
  await page.getByRole("button", { name: "Nuevo tipo de socio" }).click();
  const alta = maestros.dialogo("Nuevo tipo de socio");
  await maestros.rellenar(alta, {
    nombre: "Capità",
    descripcion: "Festers de la capitania de l'any",
    color: amarillo,
  });
  const vistaPrevia = alta.getByTestId("vista-previa");
  await expect(vistaPrevia).toHaveText("Capità");
  await expect(vistaPrevia).toHaveCSS("background-color", rgb(amarillo));
  await expect(vistaPrevia).toHaveCSS("color", rgb(colorTexto(amarillo)));
  await maestros.guardar(alta);

  const capita = maestros.fila("Capità");
  await expect(capita).toContainText("Festers de la capitania de l'any");
  await expect(capita).toContainText("Activo");
  const badge = capita.getByTestId("badge-maestro");
  await expect(badge).toHaveCSS("background-color", rgb(amarillo));
  await expect(badge).toHaveCSS("color", "rgb(0, 0, 0)");

  // Edit it to a dark colour: the text turns white.
  const morado = "#862e9c";
  await maestros.accion("Editar", "Capità").click();
  const edicion = maestros.dialogo("Editar el tipo de socio «Capità»");
  await expect(edicion.getByLabel("Nombre")).toHaveValue("Capità");
  await maestros.rellenar(edicion, { descripcion: "Capitania de l'any", color: morado });
  await expect(edicion.getByTestId("vista-previa")).toHaveCSS("color", "rgb(255, 255, 255)");
  await maestros.guardar(edicion);
  await expect(capita).toContainText("Capitania de l'any");
  await expect(badge).toHaveCSS("background-color", rgb(morado));
  await expect(badge).toHaveCSS("color", rgb(colorTexto(morado)));

  // "Fester" is used by demo members: the server refuses with its Spanish 409 sentence.
  const fester = maestros.fila("Fester");
  const usos = Number(await fester.getByRole("cell").nth(4).textContent());
  expect(usos).toBeGreaterThan(1);
  await maestros.accion("Borrar", "Fester").click();
  const confirmar = maestros.dialogo("Confirmar el borrado");
  await expect(confirmar).toContainText("¿Seguro que quieres borrar «Fester»?");
  await confirmar.getByRole("button", { name: "Borrar" }).click();
  // The count in the list adds every use (members, product and event prices); the sentence
  // names each one, members first.
  await expect(
    page.getByText(/^No se puede borrar: lo usan \d+ socios(, | y |\. ).*Puedes desactivarlo\.$/),
  ).toBeVisible();
  await expect(fester).toBeVisible();

  // Deactivate it instead; then leave the demo as it was for the other specs.
  await maestros.accion("Desactivar", "Fester").click();
  await expect(fester).toContainText("Inactivo");
  await expect(maestros.accion("Activar", "Fester")).toBeVisible();
  await maestros.accion("Activar", "Fester").click();
  await expect(fester).toContainText("Activo");
  await expect(maestros.accion("Desactivar", "Fester")).toBeVisible();
});

test("un nombre repetido muestra el error del servidor en el campo", async ({ page }) => {
  const app = new AppPage(page);
  const maestros = new MaestrosPage(page);
  await app.entrarConSesion(CUENTAS.administrador, "formaspago");
  await expect(maestros.titulo("Formas de pago")).toBeVisible();
  await expect(maestros.fila("Efectivo")).toBeVisible();

  await page.getByRole("button", { name: "Nueva forma de pago" }).click();
  const alta = maestros.dialogo("Nueva forma de pago");
  await maestros.rellenar(alta, { nombre: " EFECTIVO " });
  await expect(alta.getByLabel("Domiciliada (adeudo SEPA)")).toBeVisible();
  await alta.getByRole("button", { name: "Guardar" }).click();
  await expect(alta.getByRole("alert")).toContainText(
    "Ya existe una forma de pago con ese nombre.",
  );
  await expect(alta.getByLabel("Nombre")).toHaveAttribute("aria-invalid", "true");
  await alta.getByRole("button", { name: "Cancelar" }).click();
  await expect(alta).toBeHidden();
});
