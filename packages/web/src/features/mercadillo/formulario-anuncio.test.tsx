import type { AnuncioVista } from "@fila/domain";
import { notifications } from "@mantine/notifications";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { crearQueryClient, Providers } from "../../app/providers";
import { FormularioAnuncio } from "./formulario-anuncio";

const MENSAJE_IMAGEN = "La imagen debe ser un archivo JPEG, PNG o WebP.";
let llamadas: { clave: string; cuerpo: unknown }[];
let imagenes: string[];

const anuncio = (datos: Partial<AnuncioVista> = {}): AnuncioVista => ({
  id: 5,
  titulo: "Casco de moro",
  descripcion: "",
  precio: 0,
  imagenes,
  etiquetas: [],
  destacado: false,
  fecha: "2026-11-28",
  contacto: { nombre: "", email: "", telefono: "600112233" },
  activo: true,
  idSocio: 3,
  caduca: "2027-02-26",
  nombreSocio: "Pep",
  ...datos,
});

const json = (status: number, cuerpo: unknown) =>
  new Response(JSON.stringify(cuerpo), { status, headers: { "Content-Type": "application/json" } });

// The server of the market as far as this form talks to it: a photo named «rota» is refused.
beforeEach(() => {
  llamadas = [];
  imagenes = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (entrada: RequestInfo | URL, init: RequestInit = {}) => {
      const clave = `${init.method ?? "GET"} ${String(entrada)}`;
      const archivo = init.body instanceof FormData ? (init.body.get("archivo") as File) : null;
      const cuerpo = archivo ? archivo.name : init.body ? JSON.parse(String(init.body)) : undefined;
      llamadas.push({ clave, cuerpo });
      if (clave === "POST /api/anuncios") return json(201, anuncio(cuerpo as object));
      if (clave === "PUT /api/anuncios/5") return json(200, anuncio(cuerpo as object));
      if (clave === "POST /api/anuncios/5/imagenes") {
        if (archivo?.name.startsWith("rota")) {
          return json(400, { error: "imagen_no_valida", mensaje: MENSAJE_IMAGEN, detalles: [] });
        }
        imagenes = [
          ...imagenes,
          `/api/anuncios/5/imagenes/${"a".repeat(31)}${imagenes.length}.webp`,
        ];
        return json(200, anuncio());
      }
      if (clave === "GET /api/anuncios/etiquetas") return json(200, { items: [] });
      return new Response(null, { status: 404 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

function pintar(alCerrar = () => {}) {
  return render(
    <Providers client={crearQueryClient()}>
      <FormularioAnuncio anuncio={null} alCerrar={alCerrar} />
    </Providers>,
  );
}

/** The writes sent, in order (the reads of tags and thumbnails left out). */
const escrituras = () =>
  llamadas.filter((l) => !l.clave.startsWith("GET ")).map((l) => [l.clave, l.cuerpo]);

const foto = (nombre: string) =>
  new File([new Uint8Array([1, 2, 3])], nombre, { type: "image/jpeg" });

describe("formulario del anuncio", () => {
  it("si una foto falla, «Guardar» otra vez actualiza el anuncio creado y sube solo la que falta", async () => {
    const alCerrar = vi.fn();
    pintar(alCerrar);
    fireEvent.change(await screen.findByRole("textbox", { name: /Título/ }), {
      target: { value: "Casco de moro" },
    });
    const selector = document.querySelector("input[type='file'][multiple]") as HTMLInputElement;
    fireEvent.change(selector, { target: { files: [foto("buena.jpg"), foto("rota.jpg")] } });
    const guardar = screen.getByRole("button", { name: "Guardar" });

    fireEvent.click(guardar);
    expect(await screen.findByText(MENSAJE_IMAGEN)).toBeTruthy();
    await waitFor(() => expect(screen.getByText("1 foto(s) por subir")).toBeTruthy());
    expect(escrituras()).toEqual([
      ["POST /api/anuncios", expect.objectContaining({ titulo: "Casco de moro" })],
      ["POST /api/anuncios/5/imagenes", "buena.jpg"],
      ["POST /api/anuncios/5/imagenes", "rota.jpg"],
    ]);

    llamadas = [];
    notifications.clean();
    fireEvent.click(guardar);
    expect(await screen.findByText(MENSAJE_IMAGEN)).toBeTruthy();
    expect(escrituras()).toEqual([
      ["PUT /api/anuncios/5", expect.objectContaining({ titulo: "Casco de moro" })],
      ["POST /api/anuncios/5/imagenes", "rota.jpg"],
    ]);

    fireEvent.click(screen.getByRole("button", { name: "No subir rota.jpg" }));
    llamadas = [];
    fireEvent.click(guardar);
    await waitFor(() => expect(alCerrar).toHaveBeenCalled());
    expect(escrituras().map(([clave]) => clave)).toEqual(["PUT /api/anuncios/5"]);
  });

  it("valida con el esquema del dominio antes de enviar: título y correo del contacto", async () => {
    pintar();
    fireEvent.change(await screen.findByRole("textbox", { name: /Correo electrónico/ }), {
      target: { value: "no-es-correo" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("El título es obligatorio")).toBeTruthy();
    expect(screen.getByText("Introduce un correo electrónico válido")).toBeTruthy();
    expect(escrituras()).toEqual([]);
  });
});
