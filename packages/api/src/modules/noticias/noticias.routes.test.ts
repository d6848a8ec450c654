import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, type Entorno } from "../../test/entorno.js";
import {
  crearEntornoConArchivos,
  type EntornoConArchivos,
  type Metodo,
  multipart as multipartDe,
  type TokensPorRol,
} from "../../test/subidas.js";

let entorno: EntornoConArchivos;
let e: Entorno;
let tokens: TokensPorRol;
const llamar: EntornoConArchivos["llamar"] = (...args) => entorno.llamar(...args);

type Noticia = { id: number; titulo: string; publicada: boolean; imagen: string | null };

let secuencia = 0;
async function crearNoticia(datos: Record<string, unknown> = {}): Promise<Noticia> {
  secuencia += 1;
  const res = await llamar("POST", "/api/noticias", tokens.administrador, {
    titulo: `Noticia ${secuencia}`,
    resumen: "Resumen",
    contenido: "<p>Texto</p>",
    fecha: "2026-03-01",
    ...datos,
  });
  if (res.statusCode !== 201) throw new Error(`crear noticia ${res.statusCode}: ${res.body}`);
  return res.json();
}

const multipart = (contenido: Buffer, nombre: string, campo = "archivo") =>
  multipartDe([{ campo, archivo: contenido, nombre }]);

const subirImagen = (
  id: number,
  token: string | undefined,
  contenido: Buffer,
  campo = "archivo",
) => {
  const cuerpo = multipart(contenido, "portada.png", campo);
  return e.app.inject({
    method: "POST",
    url: `/api/noticias/${id}/imagen`,
    payload: cuerpo.payload,
    headers: { ...(token ? bearer(token) : {}), ...cuerpo.headers },
  });
};

const png = (ancho: number, alto: number) =>
  sharp({ create: { width: ancho, height: alto, channels: 3, background: "#c00" } })
    .png()
    .toBuffer();

beforeAll(async () => {
  entorno = await crearEntornoConArchivos("noticias");
  ({ e, tokens } = entorno);
});

afterAll(async () => {
  await entorno?.cerrar();
});

describe("redactar noticias", () => {
  it("crea un borrador (201) con el HTML saneado", async () => {
    const res = await llamar("POST", "/api/noticias", tokens.administrador, {
      titulo: "  Entrada de Moros  ",
      resumen: "Horarios",
      contenido:
        '<p onclick="alert(1)">Hola <strong>festers</strong></p><script>alert(1)</script>' +
        '<img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><a href="https://fila.es">web</a>',
      fecha: "2026-04-22",
      audiencia: "socios",
      destacada: true,
    });
    expect(res.statusCode).toBe(201);
    const n = res.json();
    expect(n).toMatchObject({
      titulo: "Entrada de Moros",
      resumen: "Horarios",
      fecha: "2026-04-22",
      publicada: false,
      destacada: true,
      audiencia: "socios",
      imagen: null,
    });
    expect(n.contenido).toBe(
      '<p>Hola <strong>festers</strong></p><a>x</a><a href="https://fila.es" rel="noopener noreferrer" target="_blank">web</a>',
    );
    expect(n.creadaEn).toMatch(/^\d{4}-\d\d-\d\dT/);
    const guardada = await e.db
      .selectFrom("noticia")
      .select("contenido")
      .where("id", "=", n.id)
      .executeTakeFirstOrThrow();
    expect(guardada.contenido).not.toMatch(/script|onerror|onclick|javascript/);
  });

  it("rechaza datos no válidos con cada campo en detalles y no crea nada", async () => {
    const antes = (await llamar("GET", "/api/noticias", tokens.administrador)).json().total;
    const res = await llamar("POST", "/api/noticias", tokens.administrador, {
      titulo: "",
      fecha: "22/04/2026",
      audiencia: "nadie",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("validacion");
    const campos = res
      .json()
      .detalles.map((d: { campo: string }) => d.campo)
      .sort();
    expect(campos).toEqual(["audiencia", "fecha", "titulo"]);
    expect((await llamar("GET", "/api/noticias", tokens.administrador)).json().total).toBe(antes);
  });

  it("PUT sustituye la noticia y vuelve a sanear; DELETE la borra", async () => {
    const n = await crearNoticia();
    const res = await llamar("PUT", `/api/noticias/${n.id}`, tokens.administrador, {
      titulo: "Cambiada",
      resumen: "",
      contenido: '<iframe src="https://evil.example"></iframe><p>Nuevo</p>',
      fecha: "2026-05-01",
      publicada: true,
      destacada: false,
      audiencia: "todos",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      titulo: "Cambiada",
      contenido: "<p>Nuevo</p>",
      publicada: true,
    });
    expect(
      (
        await llamar("PUT", "/api/noticias/999999", tokens.administrador, {
          titulo: "x",
          fecha: "2026-01-01",
        })
      ).statusCode,
    ).toBe(404);
    expect((await llamar("DELETE", `/api/noticias/${n.id}`, tokens.administrador)).statusCode).toBe(
      204,
    );
    expect((await llamar("GET", `/api/noticias/${n.id}`, tokens.administrador)).statusCode).toBe(
      404,
    );
    expect((await llamar("DELETE", `/api/noticias/${n.id}`, tokens.administrador)).statusCode).toBe(
      404,
    );
  });

  it("la vista previa devuelve el HTML saneado sin guardar nada", async () => {
    const antes = (await llamar("GET", "/api/noticias", tokens.administrador)).json().total;
    const res = await llamar("POST", "/api/noticias/vista-previa", tokens.administrador, {
      contenido: "<p>Hola</p><script>alert(1)</script><img src=x onerror=alert(1)>",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ contenido: "<p>Hola</p>" });
    expect((await llamar("GET", "/api/noticias", tokens.administrador)).json().total).toBe(antes);
  });

  it("publica y retira la publicación", async () => {
    const n = await crearNoticia();
    const publicada = await llamar(
      "POST",
      `/api/noticias/${n.id}/publicacion`,
      tokens.administrador,
    );
    expect(publicada.statusCode).toBe(200);
    expect(publicada.json().publicada).toBe(true);
    expect((await llamar("GET", `/api/noticias/${n.id}`, tokens.sinFicha)).statusCode).toBe(200);
    const retirada = await llamar(
      "DELETE",
      `/api/noticias/${n.id}/publicacion`,
      tokens.administrador,
    );
    expect(retirada.json().publicada).toBe(false);
    expect((await llamar("GET", `/api/noticias/${n.id}`, tokens.sinFicha)).statusCode).toBe(404);
    expect(
      (await llamar("POST", "/api/noticias/999999/publicacion", tokens.administrador)).statusCode,
    ).toBe(404);
  });
});

describe("lectores", () => {
  let borrador: Noticia;
  let deSocios: Noticia;
  let antigua: Noticia;
  let reciente: Noticia;
  let destacadaAntigua: Noticia;

  beforeAll(async () => {
    await e.db.deleteFrom("noticia").execute();
    borrador = await crearNoticia({ titulo: "Borrador", fecha: "2026-09-01" });
    deSocios = await crearNoticia({
      titulo: "Solo socios",
      fecha: "2026-06-01",
      publicada: true,
      audiencia: "socios",
    });
    antigua = await crearNoticia({ titulo: "Antigua", fecha: "2026-01-10", publicada: true });
    reciente = await crearNoticia({ titulo: "Reciente", fecha: "2026-07-15", publicada: true });
    destacadaAntigua = await crearNoticia({
      titulo: "Destacada",
      fecha: "2025-12-01",
      publicada: true,
      destacada: true,
    });
  });

  const ids = async (token: string, query = "publicadas=1") =>
    (await llamar("GET", `/api/noticias?${query}`, token)).json().items.map((n: Noticia) => n.id);

  it("ven solo las publicadas de su audiencia, de la más nueva a la más antigua", async () => {
    const conFicha = [reciente.id, deSocios.id, antigua.id, destacadaAntigua.id];
    expect(await ids(tokens.usuario)).toEqual(conFicha);
    expect(await ids(tokens.socio)).toEqual(conFicha);
    expect(await ids(tokens.administrador)).toEqual(conFicha);
    expect(await ids(tokens.sinFicha)).toEqual([reciente.id, antigua.id, destacadaAntigua.id]);
  });

  it("quien no es administrador nunca ve borradores, pida lo que pida", async () => {
    expect(await ids(tokens.usuario, "publicada=0")).not.toContain(borrador.id);
    expect(await ids(tokens.usuario, "")).not.toContain(borrador.id);
    expect(await ids(tokens.sinFicha, "q=socios")).toEqual([]);
  });

  it("?destacadas=1 pone primero las destacadas", async () => {
    expect((await ids(tokens.usuario, "publicadas=1&destacadas=1"))[0]).toBe(destacadaAntigua.id);
  });

  it("pagina en el servidor", async () => {
    const res = (
      await llamar("GET", "/api/noticias?publicadas=1&pageSize=2&page=2", tokens.usuario)
    ).json();
    expect(res).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(res.items.map((n: Noticia) => n.id)).toEqual([antigua.id, destacadaAntigua.id]);
    const mal = await llamar("GET", "/api/noticias?pageSize=201&sort=autor", tokens.usuario);
    expect(mal.statusCode).toBe(400);
  });

  it("un borrador o una noticia de otra audiencia es 404 para el lector", async () => {
    for (const rol of ["usuario", "socio", "sinFicha"] as const) {
      expect((await llamar("GET", `/api/noticias/${borrador.id}`, tokens[rol])).statusCode).toBe(
        404,
      );
    }
    expect((await llamar("GET", `/api/noticias/${deSocios.id}`, tokens.sinFicha)).statusCode).toBe(
      404,
    );
    expect((await llamar("GET", `/api/noticias/${deSocios.id}`, tokens.socio)).statusCode).toBe(
      200,
    );
    expect(
      (await llamar("GET", `/api/noticias/${borrador.id}`, tokens.administrador)).statusCode,
    ).toBe(200);
  });

  it("el administrador ve borradores y filtra por estado", async () => {
    expect(await ids(tokens.administrador, "")).toContain(borrador.id);
    expect(await ids(tokens.administrador, "publicada=0")).toEqual([borrador.id]);
    expect(await ids(tokens.administrador, "destacada=1")).toEqual([destacadaAntigua.id]);
    // The featured page: a reader gets the featured published news only.
    expect(await ids(tokens.socio, "destacada=1")).toEqual([destacadaAntigua.id]);
    expect(await ids(tokens.administrador, "sort=titulo")).toEqual([
      antigua.id,
      borrador.id,
      destacadaAntigua.id,
      reciente.id,
      deSocios.id,
    ]);
    expect(await ids(tokens.administrador, "q=antig")).toEqual([antigua.id]);
  });
});

describe("portada", () => {
  it("el administrador sube una portada que se reduce a WebP y la leen quienes pueden leer la noticia", async () => {
    const n = await crearNoticia({ publicada: true, audiencia: "socios" });
    const res = await subirImagen(n.id, tokens.administrador, await png(2400, 1200));
    expect(res.statusCode).toBe(200);
    expect(res.json().imagen).toMatch(new RegExp(`^/api/noticias/${n.id}/imagen\\?v=\\d+$`));
    const imagen = await llamar("GET", `/api/noticias/${n.id}/imagen`, tokens.usuario);
    expect(imagen.statusCode).toBe(200);
    expect(imagen.headers["content-type"]).toBe("image/webp");
    expect(await sharp(imagen.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 1600,
      height: 800,
    });
    expect((await llamar("GET", `/api/noticias/${n.id}/imagen`, tokens.sinFicha)).statusCode).toBe(
      404,
    );
    expect((await llamar("GET", `/api/noticias/${n.id}/imagen`)).statusCode).toBe(401);

    expect(
      (await llamar("DELETE", `/api/noticias/${n.id}/imagen`, tokens.administrador)).statusCode,
    ).toBe(204);
    expect((await llamar("GET", `/api/noticias/${n.id}/imagen`, tokens.usuario)).statusCode).toBe(
      404,
    );
    expect((await llamar("GET", `/api/noticias/${n.id}`, tokens.usuario)).json().imagen).toBeNull();
  });

  it("la portada de un borrador no la ve un lector", async () => {
    const n = await crearNoticia();
    await subirImagen(n.id, tokens.administrador, await png(20, 20));
    expect((await llamar("GET", `/api/noticias/${n.id}/imagen`, tokens.usuario)).statusCode).toBe(
      404,
    );
    expect(
      (await llamar("GET", `/api/noticias/${n.id}/imagen`, tokens.administrador)).statusCode,
    ).toBe(200);
  });

  it("rechaza lo que no es una imagen, una de más de 5 MB y el campo equivocado", async () => {
    const n = await crearNoticia();
    const falsa = await subirImagen(
      n.id,
      tokens.administrador,
      Buffer.from("<svg onload=alert(1)>"),
    );
    expect(falsa.statusCode).toBe(400);
    expect(falsa.json()).toMatchObject({
      error: "imagen_no_valida",
      mensaje: "La imagen debe ser un archivo JPEG, PNG o WebP.",
    });
    const grande = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const enorme = await subirImagen(n.id, tokens.administrador, grande);
    expect(enorme.statusCode).toBe(413);
    expect(enorme.json().mensaje).toBe("La imagen no puede ocupar más de 5 MB.");
    expect(
      (await subirImagen(n.id, tokens.administrador, await png(5, 5), "otro")).statusCode,
    ).toBe(400);
    expect((await subirImagen(999999, tokens.administrador, await png(5, 5))).statusCode).toBe(404);
    expect(
      (await llamar("GET", `/api/noticias/${n.id}`, tokens.administrador)).json().imagen,
    ).toBeNull();
  });
});

describe("permisos de cada ruta", () => {
  let id: number;
  beforeAll(async () => {
    id = (await crearNoticia({ publicada: true })).id;
  });

  const entrada = { titulo: "x", fecha: "2026-01-01" };
  const deAdministrador = (): [Metodo, string, unknown?][] => [
    ["POST", "/api/noticias", entrada],
    ["POST", "/api/noticias/vista-previa", { contenido: "<p>x</p>" }],
    ["PUT", `/api/noticias/${id}`, entrada],
    ["DELETE", `/api/noticias/${id}`],
    ["POST", `/api/noticias/${id}/publicacion`],
    ["DELETE", `/api/noticias/${id}/publicacion`],
    ["DELETE", `/api/noticias/${id}/imagen`],
  ];
  const deLectura = (): [Metodo, string][] => [
    ["GET", "/api/noticias"],
    ["GET", "/api/noticias?publicadas=1"],
    ["GET", `/api/noticias/${id}`],
  ];

  it("sin sesión todo es 401", async () => {
    for (const [metodo, url, cuerpo] of [...deAdministrador(), ...deLectura()]) {
      expect((await llamar(metodo, url, undefined, cuerpo)).statusCode, `${metodo} ${url}`).toBe(
        401,
      );
    }
    expect((await subirImagen(id, undefined, await png(5, 5))).statusCode).toBe(401);
    expect((await llamar("GET", `/api/noticias/${id}/imagen`)).statusCode).toBe(401);
  });

  it("usuario y socio leen pero no redactan, publican ni borran (403)", async () => {
    for (const rol of ["usuario", "socio", "sinFicha"] as const) {
      for (const [metodo, url] of deLectura()) {
        expect((await llamar(metodo, url, tokens[rol])).statusCode, `${rol} ${metodo} ${url}`).toBe(
          200,
        );
      }
      for (const [metodo, url, cuerpo] of deAdministrador()) {
        expect(
          (await llamar(metodo, url, tokens[rol], cuerpo)).statusCode,
          `${rol} ${metodo} ${url}`,
        ).toBe(403);
      }
      expect((await subirImagen(id, tokens[rol], await png(5, 5))).statusCode).toBe(403);
    }
    const n = (await llamar("GET", `/api/noticias/${id}`, tokens.administrador)).json();
    expect(n.publicada).toBe(true);
    expect(n.titulo).not.toBe("x");
  });
});

describe("noticias en dos idiomas (issue 38)", () => {
  it("guarda el texto en valenciano (HTML saneado), lo devuelve junto al castellano y se puede quitar", async () => {
    const n = await crearNoticia({
      tituloVa: "Notícia en valencià",
      resumenVa: "Resum",
      contenidoVa: "<p>Text</p><script>alert(1)</script>",
      publicada: true,
    });
    const leida = (await llamar("GET", `/api/noticias/${n.id}`, tokens.socio)).json();
    expect(leida).toMatchObject({
      titulo: expect.stringMatching(/^Noticia /),
      contenido: "<p>Texto</p>",
      tituloVa: "Notícia en valencià",
      resumenVa: "Resum",
      contenidoVa: "<p>Text</p>",
    });
    const res = await llamar("PUT", `/api/noticias/${n.id}`, tokens.administrador, {
      titulo: "Només castellà",
      fecha: "2026-03-01",
      publicada: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ tituloVa: "", resumenVa: "", contenidoVa: "" });
    const nueva = await crearNoticia();
    expect(nueva).toMatchObject({ tituloVa: "", contenidoVa: "" });
  });
});
