import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer } from "../../test/entorno.js";
import {
  crearEntornoConArchivos,
  type EntornoConArchivos,
  multipart,
  type TokensPorRol,
} from "../../test/subidas.js";

let entorno: EntornoConArchivos;
let tokens: TokensPorRol;
let idActo: number;

const subir = (token: string, contenido: Buffer) => {
  const cuerpo = multipart([{ campo: "archivo", archivo: contenido, nombre: "cartel.png" }]);
  return entorno.e.app.inject({
    method: "POST",
    url: `/api/actos/${idActo}/imagen`,
    payload: cuerpo.payload,
    headers: { ...bearer(token), ...cuerpo.headers },
  });
};

beforeAll(async () => {
  entorno = await crearEntornoConArchivos("imagen-acto");
  tokens = entorno.tokens;
  const acto = await entorno.llamar("POST", "/api/actos", tokens.administrador, {
    nombre: "Entrada Mora",
    fecha: "2099-04-22",
  });
  idActo = acto.json().id;
});

afterAll(async () => {
  await entorno?.cerrar();
});

describe("imagen del acto", () => {
  it("la junta la sube (WebP), el acto la enlaza y cualquier sesión la ve; sin sesión 401", async () => {
    const png = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: "#c00" },
    })
      .png()
      .toBuffer();
    const res = await subir(tokens.administrador, png);
    expect(res.statusCode).toBe(200);
    expect(res.json().imagen).toMatch(new RegExp(`^/api/actos/${idActo}/imagen\\?v=\\d+$`));
    const acto = await entorno.llamar("GET", `/api/actos/${idActo}`, tokens.administrador);
    expect(acto.json().imagen).toBe(res.json().imagen);

    const vista = await entorno.llamar("GET", `/api/actos/${idActo}/imagen`, tokens.socio);
    expect(vista.statusCode).toBe(200);
    expect(vista.headers["content-type"]).toBe("image/webp");
    expect((await sharp(vista.rawPayload).metadata()).width).toBe(1600);
    expect((await entorno.llamar("GET", `/api/actos/${idActo}/imagen`)).statusCode).toBe(401);
  });

  it("usuario y socio no la cambian (403); lo que no es imagen es 400", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#0c0" } })
      .png()
      .toBuffer();
    expect((await subir(tokens.usuario, png)).statusCode).toBe(403);
    expect((await subir(tokens.socio, png)).statusCode).toBe(403);
    const mala = await subir(tokens.administrador, Buffer.from("<svg onload=alert(1)>".repeat(10)));
    expect(mala.statusCode).toBe(400);
    expect(mala.json().mensaje).toBe("La imagen debe ser un archivo JPEG, PNG o WebP.");
  });

  it("se quita: el acto queda sin imagen y la ruta da 404", async () => {
    const res = await entorno.llamar("DELETE", `/api/actos/${idActo}/imagen`, tokens.administrador);
    expect(res.statusCode).toBe(204);
    const acto = await entorno.llamar("GET", `/api/actos/${idActo}`, tokens.administrador);
    expect(acto.json().imagen).toBeNull();
    expect(
      (await entorno.llamar("GET", `/api/actos/${idActo}/imagen`, tokens.socio)).statusCode,
    ).toBe(404);
  });
});
