import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { hoyIso, sumarDias } from "@fila/domain";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, type Entorno, entrar } from "../../test/entorno.js";
import {
  crearEntornoConArchivos,
  type EntornoConArchivos,
  multipart,
  type TokensPorRol,
} from "../../test/subidas.js";

let entorno: EntornoConArchivos;
let e: Entorno;
let tokens: TokensPorRol;
/** Another usuario with a member record: someone else for the usuario's ads. */
let otro: string;
const llamar: EntornoConArchivos["llamar"] = (...args) => entorno.llamar(...args);

type Anuncio = {
  id: number;
  titulo: string;
  precio: number;
  imagenes: string[];
  etiquetas: string[];
  destacado: boolean;
  activo: boolean;
  fecha: string;
  caduca: string;
  idSocio: number;
  contacto: { nombre: string; email: string; telefono: string };
};

async function publicar(token: string, datos: Record<string, unknown> = {}): Promise<Anuncio> {
  const res = await llamar("POST", "/api/anuncios", token, {
    titulo: "Vendo traje de moro",
    precio: 120,
    etiquetas: ["traje"],
    ...datos,
  });
  if (res.statusCode !== 201) throw new Error(`publicar ${res.statusCode}: ${res.body}`);
  return res.json();
}

const png = (color = "#c00") =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: color } })
    .png()
    .toBuffer();

function subirImagen(id: number, token: string, contenido: Buffer) {
  const cuerpo = multipart([{ campo: "archivo", archivo: contenido, nombre: "foto.png" }]);
  return e.app.inject({
    method: "POST",
    url: `/api/anuncios/${id}/imagenes`,
    payload: cuerpo.payload,
    headers: { ...bearer(token), ...cuerpo.headers },
  });
}

async function envejecer(id: number, dias: number) {
  // The server's today is Spain's: between 23:00 and midnight UTC (winter) the UTC date is a
  // day behind it, and "91 days ago" would be 90.
  const hoy = hoyIso();
  await e.db
    .updateTable("anuncio")
    .set({ fecha: sumarDias(hoy, -dias) })
    .where("id", "=", id)
    .execute();
}

beforeAll(async () => {
  entorno = await crearEntornoConArchivos("anuncios");
  ({ e, tokens } = entorno);
  otro = await entrar(e.app, (await crearCuenta(e.db, { rol: "usuario" })).email);
});

afterAll(async () => {
  await entorno?.cerrar();
});

describe("publicar anuncios", () => {
  it("un usuario publica (201) con el contacto de su ficha y las etiquetas en minúsculas", async () => {
    const res = await llamar("POST", "/api/anuncios", tokens.usuario, {
      titulo: "  Tabal de segona mà ",
      descripcion: "Poco uso",
      precio: 1234.56,
      etiquetas: ["Instrumentos", " MÚSICA ", "instrumentos"],
    });
    expect(res.statusCode).toBe(201);
    const a = res.json();
    expect(a).toMatchObject({
      titulo: "Tabal de segona mà",
      precio: 1234.56,
      etiquetas: ["instrumentos", "música"],
      destacado: false,
      activo: true,
      imagenes: [],
    });
    expect(a.contacto.email).toMatch(/@fila\.test$/);
    expect(a.contacto.nombre).toMatch(/^Socio\d+ Prueba Prueba$/);
    expect(a.caduca).toBe(sumarDias(a.fecha, 90));
  });

  it("un socio y un administrador con ficha también publican; una cuenta sin ficha no (403)", async () => {
    expect((await publicar(tokens.socio)).id).toBeGreaterThan(0);
    expect((await publicar(tokens.administrador)).id).toBeGreaterThan(0);
    const res = await llamar("POST", "/api/anuncios", tokens.sinFicha, { titulo: "Nada" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("prohibido");
    expect((await llamar("POST", "/api/anuncios", undefined, { titulo: "Nada" })).statusCode).toBe(
      401,
    );
  });

  it("el precio admite 0 (regalo) y rechaza negativos y tres decimales con 400 en español", async () => {
    expect((await publicar(tokens.usuario, { precio: 0 })).precio).toBe(0);
    for (const precio of [-1, 10.123]) {
      const res = await llamar("POST", "/api/anuncios", tokens.usuario, { titulo: "X", precio });
      expect(res.statusCode).toBe(400);
      expect(res.json().detalles[0].campo).toBe("precio");
    }
  });

  it("como mucho 10 etiquetas", async () => {
    const etiquetas = Array.from({ length: 11 }, (_, i) => `e${i}`);
    const res = await llamar("POST", "/api/anuncios", tokens.usuario, { titulo: "X", etiquetas });
    expect(res.statusCode).toBe(400);
    expect(res.json().detalles[0].mensaje).toBe("Un anuncio puede tener como mucho 10 etiquetas");
  });

  it("un contacto sin correo ni teléfono es 400; con solo teléfono vale", async () => {
    const sin = await llamar("POST", "/api/anuncios", tokens.usuario, {
      titulo: "X",
      contacto: { nombre: "Pep", email: "", telefono: "" },
    });
    expect(sin.statusCode).toBe(400);
    expect(sin.json().detalles).toEqual([
      { campo: "contacto", mensaje: "Indica un correo electrónico o un teléfono de contacto." },
    ]);
    const a = await publicar(tokens.usuario, {
      contacto: { nombre: "Pep", telefono: "600 11 22 33" },
    });
    expect(a.contacto).toEqual({ nombre: "Pep", email: "", telefono: "600 11 22 33" });
  });

  it("un campo desconocido es 400", async () => {
    const res = await llamar("POST", "/api/anuncios", tokens.usuario, {
      titulo: "X",
      idSocio: 1,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("destacado", () => {
  it("lo ignora si lo envía quien no es administrador, al crear y al editar", async () => {
    const a = await publicar(tokens.usuario, { destacado: true });
    expect(a.destacado).toBe(false);
    const put = await llamar("PUT", `/api/anuncios/${a.id}`, tokens.usuario, {
      titulo: a.titulo,
      destacado: true,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().destacado).toBe(false);
    const lista = await llamar("GET", "/api/anuncios?destacado=true", tokens.usuario);
    expect(lista.json().items.map((x: Anuncio) => x.id)).not.toContain(a.id);
  });

  it("el administrador lo destaca y el dueño al editar no se lo quita", async () => {
    const a = await publicar(tokens.usuario);
    const put = await llamar("PUT", `/api/anuncios/${a.id}`, tokens.administrador, {
      titulo: a.titulo,
      precio: a.precio,
      etiquetas: a.etiquetas,
      contacto: a.contacto,
      destacado: true,
    });
    expect(put.json().destacado).toBe(true);
    const delDueno = await llamar("PUT", `/api/anuncios/${a.id}`, tokens.usuario, {
      titulo: "Rebajado",
      destacado: false,
    });
    expect(delDueno.json()).toMatchObject({ titulo: "Rebajado", destacado: true });
    const lista = await llamar("GET", "/api/anuncios?destacado=1", tokens.socio);
    expect(lista.json().items.map((x: Anuncio) => x.id)).toContain(a.id);
  });
});

describe("permisos del dueño", () => {
  it("otro usuario o un socio no cambian, renuevan ni borran un anuncio ajeno (403)", async () => {
    const a = await publicar(tokens.usuario);
    for (const token of [otro, tokens.socio]) {
      expect(
        (await llamar("PUT", `/api/anuncios/${a.id}`, token, { titulo: "Mío" })).statusCode,
      ).toBe(403);
      expect((await llamar("DELETE", `/api/anuncios/${a.id}`, token)).statusCode).toBe(403);
      expect((await llamar("POST", `/api/anuncios/${a.id}/renovacion`, token)).statusCode).toBe(
        403,
      );
      expect((await subirImagen(a.id, token, await png())).statusCode).toBe(403);
    }
    expect((await llamar("GET", `/api/anuncios/${a.id}`, otro)).json().titulo).toBe(a.titulo);
  });

  it("el dueño lo marca vendido (inactivo): solo él y la junta lo ven", async () => {
    const a = await publicar(tokens.usuario, { titulo: "Sillas de la sede" });
    const put = await llamar("PUT", `/api/anuncios/${a.id}`, tokens.usuario, {
      titulo: a.titulo,
      activo: false,
    });
    expect(put.json().activo).toBe(false);
    expect((await llamar("GET", `/api/anuncios/${a.id}`, otro)).statusCode).toBe(404);
    expect((await llamar("GET", `/api/anuncios/${a.id}`, tokens.administrador)).statusCode).toBe(
      200,
    );
    const deOtro = await llamar("GET", "/api/anuncios?activo=false&pageSize=200", otro);
    expect(deOtro.json().items.map((x: Anuncio) => x.id)).not.toContain(a.id);
    const mios = await llamar("GET", "/api/anuncios?activo=false&pageSize=200", tokens.usuario);
    expect(mios.json().items.map((x: Anuncio) => x.id)).toContain(a.id);
    const admin = await llamar("GET", "/api/anuncios?activo=0&pageSize=200", tokens.administrador);
    expect(admin.json().items.map((x: Anuncio) => x.id)).toContain(a.id);
  });

  it("el administrador modera: edita y borra cualquiera (204, luego 404)", async () => {
    const a = await publicar(otro);
    const put = await llamar("PUT", `/api/anuncios/${a.id}`, tokens.administrador, {
      titulo: "Moderado",
    });
    expect(put.json().titulo).toBe("Moderado");
    expect(put.json().idSocio).toBe(a.idSocio);
    expect((await llamar("DELETE", `/api/anuncios/${a.id}`, tokens.administrador)).statusCode).toBe(
      204,
    );
    expect((await llamar("GET", `/api/anuncios/${a.id}`, otro)).statusCode).toBe(404);
  });

  it("el dueño borra el suyo", async () => {
    const a = await publicar(tokens.socio);
    expect((await llamar("DELETE", `/api/anuncios/${a.id}`, tokens.socio)).statusCode).toBe(204);
  });

  it("las escrituras quedan en la auditoría", async () => {
    const a = await publicar(tokens.usuario);
    const filas = await e.db
      .selectFrom("auditoria")
      .select("accion")
      .where("entidad", "=", "anuncio")
      .where("id_entidad", "=", a.id)
      .execute();
    expect(filas.map((f) => f.accion)).toEqual(["crear"]);
  });
});

describe("buscar", () => {
  it("por etiqueta y por texto, paginado, y sugiere las etiquetas en uso", async () => {
    const a = await publicar(otro, { titulo: "Arcabuz decorativo", etiquetas: ["armas-deco"] });
    const porEtiqueta = await llamar("GET", "/api/anuncios?etiqueta=ARMAS-DECO", tokens.socio);
    expect(porEtiqueta.json()).toMatchObject({ total: 1, page: 1 });
    expect(porEtiqueta.json().items[0].id).toBe(a.id);
    const porTexto = await llamar("GET", "/api/anuncios?q=arcabuz", tokens.usuario);
    expect(porTexto.json().items.map((x: Anuncio) => x.id)).toEqual([a.id]);
    const pagina = await llamar("GET", "/api/anuncios?pageSize=2&page=2&sort=titulo", otro);
    expect(pagina.json().items).toHaveLength(2);
    expect(pagina.json().pageSize).toBe(2);
    const etiquetas = await llamar("GET", "/api/anuncios/etiquetas", tokens.socio);
    expect(etiquetas.json().items).toContainEqual({ etiqueta: "armas-deco", anuncios: 1 });
    expect(etiquetas.json().items[0].etiqueta).toBe("traje");
  });

  it("ordena por precio", async () => {
    const res = await llamar("GET", "/api/anuncios?sort=-precio&pageSize=200", tokens.usuario);
    const precios = res.json().items.map((x: Anuncio) => x.precio);
    expect(precios).toEqual([...precios].sort((x, y) => y - x));
    expect((await llamar("GET", "/api/anuncios?sort=nombre", tokens.usuario)).statusCode).toBe(400);
  });
});

describe("imágenes", () => {
  it("hasta 6, en WebP con miniatura, y la 7.ª es 400 en español", async () => {
    const a = await publicar(tokens.usuario);
    let ultima: Anuncio = a;
    for (let i = 0; i < 6; i++) {
      const res = await subirImagen(a.id, tokens.usuario, await png());
      expect(res.statusCode).toBe(200);
      ultima = res.json();
    }
    expect(ultima.imagenes).toHaveLength(6);
    const septima = await subirImagen(a.id, tokens.usuario, await png());
    expect(septima.statusCode).toBe(400);
    expect(septima.json().mensaje).toBe("Un anuncio puede tener como mucho 6 imágenes.");

    const imagen = await llamar("GET", ultima.imagenes[0], otro);
    expect(imagen.statusCode).toBe(200);
    expect(imagen.headers["content-type"]).toBe("image/webp");
    expect((await sharp(imagen.rawPayload).metadata()).width).toBe(1200);
    const mini = await llamar("GET", `${ultima.imagenes[0]}/miniatura`, otro);
    expect((await sharp(mini.rawPayload).metadata()).width).toBe(400);
    expect((await llamar("GET", ultima.imagenes[0])).statusCode).toBe(401);
  });

  it("rechaza lo que no es imagen; reordena y quita", async () => {
    const a = await publicar(tokens.usuario);
    const mala = await subirImagen(a.id, tokens.usuario, Buffer.from("no soy una foto".repeat(20)));
    expect(mala.statusCode).toBe(400);
    await subirImagen(a.id, tokens.usuario, await png("#00c"));
    const dos = (await subirImagen(a.id, tokens.usuario, await png("#0c0"))).json() as Anuncio;
    const claves = dos.imagenes.map((u) => u.split("/").pop() as string);
    const orden = await llamar("PUT", `/api/anuncios/${a.id}/imagenes`, tokens.usuario, {
      orden: [claves[1], claves[0]],
    });
    expect(orden.json().imagenes).toEqual([dos.imagenes[1], dos.imagenes[0]]);
    const incompleto = await llamar("PUT", `/api/anuncios/${a.id}/imagenes`, tokens.usuario, {
      orden: [claves[1]],
    });
    expect(incompleto.statusCode).toBe(400);
    const quitar = await llamar("DELETE", dos.imagenes[0], otro);
    expect(quitar.statusCode).toBe(403);
    const quitada = await llamar("DELETE", dos.imagenes[0], tokens.usuario);
    expect(quitada.json().imagenes).toEqual([dos.imagenes[1]]);
    expect((await llamar("GET", dos.imagenes[0], tokens.usuario)).statusCode).toBe(404);
  });

  it("las imágenes de un anuncio inactivo solo las ven su dueño y la junta", async () => {
    const a = await publicar(tokens.usuario);
    const con = (await subirImagen(a.id, tokens.usuario, await png())).json() as Anuncio;
    await llamar("PUT", `/api/anuncios/${a.id}`, tokens.usuario, {
      titulo: a.titulo,
      activo: false,
    });
    expect((await llamar("GET", con.imagenes[0], otro)).statusCode).toBe(404);
    expect((await llamar("GET", con.imagenes[0], tokens.usuario)).statusCode).toBe(200);
    expect((await llamar("GET", con.imagenes[0], tokens.administrador)).statusCode).toBe(200);
  });
});

describe("imágenes bajo concurrencia y en la auditoría", () => {
  const clave = (url: string) => url.split("/").pop() as string;
  /** The files of the market's images on disk; `enDisco`, those of the given keys. */
  const archivos = () => {
    const carpeta = path.join(entorno.dataDir, "files", "anuncios");
    return existsSync(carpeta) ? readdirSync(carpeta) : [];
  };
  const enDisco = (claves: string[]) => {
    const hay = new Set(archivos());
    return claves.filter((c) => hay.has(c) || hay.has(c.replace(".webp", "-mini.webp")));
  };
  const auditoria = (id: number) =>
    e.db
      .selectFrom("auditoria")
      .select(["accion", "cambios"])
      .where("entidad", "=", "anuncio")
      .where("id_entidad", "=", id)
      .orderBy("id")
      .execute();

  it("ocho subidas a la vez: seis se guardan (200) y dos son 400, sin perder ninguna", async () => {
    const a = await publicar(tokens.usuario);
    const foto = await png("#cc0");
    const antes = new Set(archivos());
    const respuestas = await Promise.all(
      Array.from({ length: 8 }, () => subirImagen(a.id, tokens.usuario, foto)),
    );
    const bien = respuestas.filter((r) => r.statusCode === 200);
    const mal = respuestas.filter((r) => r.statusCode !== 200);
    expect(bien).toHaveLength(6);
    expect(mal.map((r) => [r.statusCode, r.json().mensaje])).toEqual(
      Array(2).fill([400, "Un anuncio puede tener como mucho 6 imágenes."]),
    );
    const final = (await llamar("GET", `/api/anuncios/${a.id}`, tokens.usuario)).json() as Anuncio;
    expect(final.imagenes).toHaveLength(6);
    // Every 200 answered an image that is still there, and only the kept ones stay on disk.
    for (const r of bien) {
      const suyas = (r.json() as Anuncio).imagenes;
      expect(final.imagenes).toEqual(expect.arrayContaining(suyas));
    }
    // Only the kept images (and their thumbnails) were left on disk: no orphan of a refused one.
    const claves = final.imagenes.map(clave);
    const nuevos = archivos().filter((f) => !antes.has(f));
    expect(nuevos.sort()).toEqual(
      claves.flatMap((c) => [c, c.replace(".webp", "-mini.webp")]).sort(),
    );
    const subidas = (await auditoria(a.id)).filter((f) => f.accion === "imagen");
    expect(subidas).toHaveLength(6);
  });

  it("subir y quitar a la vez no pierde la subida ni deja la quitada", async () => {
    const a = await publicar(tokens.usuario);
    const primera = (await subirImagen(a.id, tokens.usuario, await png())).json() as Anuncio;
    const [subida, quitada] = await Promise.all([
      subirImagen(a.id, tokens.usuario, await png("#0cc")),
      llamar("DELETE", primera.imagenes[0], tokens.usuario),
    ]);
    expect([subida.statusCode, quitada.statusCode]).toEqual([200, 200]);
    const final = (await llamar("GET", `/api/anuncios/${a.id}`, tokens.usuario)).json() as Anuncio;
    expect(final.imagenes).toHaveLength(1);
    expect(final.imagenes).not.toContain(primera.imagenes[0]);
    expect(enDisco([clave(primera.imagenes[0])])).toEqual([]);
    expect(enDisco([clave(final.imagenes[0])])).toHaveLength(1);
  });

  it("subir, reordenar y quitar quedan en la auditoría", async () => {
    const a = await publicar(tokens.usuario);
    await subirImagen(a.id, tokens.usuario, await png("#00c"));
    const dos = (await subirImagen(a.id, tokens.usuario, await png("#0c0"))).json() as Anuncio;
    const [x, y] = dos.imagenes.map(clave);
    const orden = await llamar("PUT", `/api/anuncios/${a.id}/imagenes`, tokens.usuario, {
      orden: [y, x],
    });
    expect(orden.statusCode).toBe(200);
    await llamar("DELETE", dos.imagenes[0], tokens.usuario);
    expect(await auditoria(a.id)).toEqual([
      { accion: "crear", cambios: expect.any(Array) },
      { accion: "imagen", cambios: [{ campo: "imagenes", antes: null, despues: x }] },
      { accion: "imagen", cambios: [{ campo: "imagenes", antes: null, despues: y }] },
      { accion: "ordenar", cambios: [{ campo: "imagenes", antes: [x, y], despues: [y, x] }] },
      { accion: "imagen", cambios: [{ campo: "imagenes", antes: x, despues: null }] },
    ]);
  });

  it("borrar el anuncio quita del disco también la imagen que se subía a la vez", async () => {
    const a = await publicar(tokens.usuario);
    const primera = (await subirImagen(a.id, tokens.usuario, await png())).json() as Anuncio;
    const antes = new Set(archivos());
    const [subida, borrado] = await Promise.all([
      subirImagen(a.id, tokens.usuario, await png("#c0c")),
      llamar("DELETE", `/api/anuncios/${a.id}`, tokens.usuario),
    ]);
    expect(borrado.statusCode).toBe(204);
    expect([200, 404]).toContain(subida.statusCode);
    expect(archivos().filter((f) => !antes.has(f))).toEqual([]);
    expect(enDisco([clave(primera.imagenes[0])])).toEqual([]);
  });
});

describe("caducidad", () => {
  it("a los 90 días deja de estar activo; el dueño lo renueva y vuelve", async () => {
    const a = await publicar(tokens.usuario, { titulo: "Caduca" });
    await envejecer(a.id, 90);
    expect((await llamar("GET", `/api/anuncios/${a.id}`, otro)).json().activo).toBe(true);
    await envejecer(a.id, 91);
    expect((await llamar("GET", `/api/anuncios/${a.id}`, otro)).statusCode).toBe(404);
    const suyo = await llamar("GET", `/api/anuncios/${a.id}`, tokens.usuario);
    expect(suyo.json().activo).toBe(false);
    const lista = await llamar("GET", "/api/anuncios?q=Caduca", otro);
    expect(lista.json().total).toBe(0);

    const renovado = await llamar("POST", `/api/anuncios/${a.id}/renovacion`, tokens.usuario);
    expect(renovado.statusCode).toBe(200);
    expect(renovado.json().activo).toBe(true);
    expect(renovado.json().caduca).toBe(sumarDias(renovado.json().fecha, 90));
    expect((await llamar("GET", `/api/anuncios/${a.id}`, otro)).statusCode).toBe(200);
  });

  it("el aviso de caducidad llega a cada cuenta en su idioma (issue 38)", async () => {
    const cuenta = await crearCuenta(e.db, { rol: "usuario" });
    await e.db.updateTable("usuario").set({ idioma: "va" }).where("id", "=", cuenta.id).execute();
    const token = await entrar(e.app, cuenta.email);
    const a = await publicar(token, { titulo: "Espasa de capità" });
    await envejecer(a.id, 84);
    await e.app.servicios.anuncios.avisarCaducidades();
    const items = (await llamar("GET", "/api/alertas/mias", token)).json().items as {
      titulo: string;
      mensaje: string;
    }[];
    expect(items).toHaveLength(1);
    expect(items[0].titulo).toBe("El teu anunci del mercadet caduca prompte");
    expect(items[0].mensaje).toContain("«Espasa de capità» caduca el ");
    expect(items[0].mensaje).toContain("«Els meus anuncis»");
  });

  it("avisa una vez al dueño una semana antes, y otra vez tras renovar", async () => {
    const cuenta = await crearCuenta(e.db, { rol: "usuario" });
    const token = await entrar(e.app, cuenta.email);
    const a = await publicar(token, { titulo: "Casco de moro" });
    const servicio = e.app.servicios.anuncios;
    await envejecer(a.id, 80);
    await servicio.avisarCaducidades();
    const avisos = async () =>
      (await llamar("GET", "/api/alertas/mias", token)).json().items as { titulo: string }[];
    expect(await avisos()).toHaveLength(0);

    await envejecer(a.id, 84);
    expect(await servicio.avisarCaducidades()).toBeGreaterThanOrEqual(1);
    await servicio.avisarCaducidades();
    const recibidos = await avisos();
    expect(recibidos).toHaveLength(1);
    expect(recibidos[0]).toMatchObject({
      titulo: "Tu anuncio del mercadillo caduca pronto",
      enlace: `/market?anuncio=${a.id}`,
    });
    expect((recibidos[0] as unknown as { mensaje: string }).mensaje).toContain("«Casco de moro»");

    await llamar("POST", `/api/anuncios/${a.id}/renovacion`, token);
    await envejecer(a.id, 85);
    await servicio.avisarCaducidades();
    expect(await avisos()).toHaveLength(2);
  });

  /** The owner's reminders, by the ad title they name. */
  async function recordatorios(token: string): Promise<string[]> {
    const items = (await llamar("GET", "/api/alertas/mias", token)).json().items as {
      mensaje: string;
    }[];
    return items.map((a) => a.mensaje.slice(1, a.mensaje.indexOf("»"))).sort();
  }

  it("un aviso que falla no se marca ni se lleva los demás: sale en la pasada siguiente", async () => {
    const cuenta = await crearCuenta(e.db, { rol: "usuario" });
    const token = await entrar(e.app, cuenta.email);
    for (const titulo of ["Faja roja", "Alfanje roto", "Turbante"]) {
      await envejecer((await publicar(token, { titulo })).id, 84);
    }
    const servicio = e.app.servicios.anuncios;
    // A real failure half-way: the database refuses to store one of the alerts.
    await sql`alter table alerta add constraint prueba_aviso_roto
      check (mensaje not like '%Alfanje roto%')`.execute(e.db);
    const fallo = await servicio.avisarCaducidades().then(
      () => null,
      (err: Error) => err,
    );
    await sql`alter table alerta drop constraint prueba_aviso_roto`.execute(e.db);
    expect(await recordatorios(token)).toEqual(["Faja roja", "Turbante"]);
    // The failure is not silent: the periodic task logs it.
    expect(fallo?.message).toBe("Avisos de caducidad sin enviar: 1");
    await servicio.avisarCaducidades();
    expect(await recordatorios(token)).toEqual(["Alfanje roto", "Faja roja", "Turbante"]);
    await servicio.avisarCaducidades();
    expect(await recordatorios(token)).toHaveLength(3);
  });

  it("dos pasadas a la vez avisan de cada anuncio una sola vez", async () => {
    const cuenta = await crearCuenta(e.db, { rol: "usuario" });
    const token = await entrar(e.app, cuenta.email);
    for (const titulo of ["Capa", "Escudo", "Sandalias", "Casco"]) {
      await envejecer((await publicar(token, { titulo })).id, 86);
    }
    const servicio = e.app.servicios.anuncios;
    const enviados = await Promise.all([
      servicio.avisarCaducidades(),
      servicio.avisarCaducidades(),
      servicio.avisarCaducidades(),
    ]);
    expect(await recordatorios(token)).toEqual(["Capa", "Casco", "Escudo", "Sandalias"]);
    expect(enviados.reduce((a, b) => a + b, 0)).toBe(4);
  });
});
