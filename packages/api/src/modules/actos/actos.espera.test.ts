import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

// The wait-list (issue 34 §1): a full event with `listaEspera` takes enrolments as `en_espera`,
// without a charge, and gives them the places that free up, in arrival order.

let e: Entorno;
let token: string;
let tipo: number;

beforeAll(async () => {
  e = await crearEntorno();
  const admin = await crearCuenta(e.db, { rol: "administrador" });
  token = await entrar(e.app, admin.email);
  const fila = await e.db
    .insertInto("tipo_socio")
    .values({ nombre: "Tipo de la espera", color: "#224466" })
    .returning("id")
    .executeTakeFirstOrThrow();
  tipo = fila.id;
});

afterAll(async () => {
  await e?.cerrar();
});

const dentroDe = (dias: number) =>
  new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);

type Metodo = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const llamar = (method: Metodo, url: string, payload?: object, conToken = token) =>
  e.app.inject({ method, url, headers: bearer(conToken), ...(payload ? { payload } : {}) });

/** A member with a login account (to read their alerts). */
async function socioConCuenta(): Promise<{ idSocio: number; idUsuario: number; token: string }> {
  const cuenta = await crearCuenta(e.db, { rol: "socio" });
  await e.db
    .updateTable("socio")
    .set({ id_tipo_socio: tipo })
    .where("id", "=", cuenta.idSocio as number)
    .execute();
  return {
    idSocio: cuenta.idSocio as number,
    idUsuario: cuenta.id,
    token: await entrar(e.app, cuenta.email),
  };
}

async function socios(n: number, nombre: string): Promise<number[]> {
  const filas = await e.db
    .insertInto("socio")
    .values(
      Array.from({ length: n }, (_, i) => ({
        nombre: `${nombre}${i}`,
        apellidos: "Espera",
        id_tipo_socio: tipo,
      })),
    )
    .returning("id")
    .execute();
  return filas.map((f) => f.id);
}

async function crearActo(datos: object): Promise<number> {
  const res = await llamar("POST", "/api/actos", {
    nombre: `Cena ${Math.random()}`,
    fecha: dentroDe(30),
    invitadosMax: 3,
    ...datos,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const inscribir = (idActo: number, idSocio: number, extra: object = {}, conToken = token) =>
  llamar("POST", `/api/actos/${idActo}/inscripciones`, { idSocio, ...extra }, conToken);

async function estadoDe(idActo: number) {
  const res = await llamar("GET", `/api/actos/${idActo}/inscripciones`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    acto: { numInscritos: number; numEnEspera: number; plazasLibres: number | null };
    items: {
      id: number;
      idSocio: number;
      estado: string;
      puestoEspera: number | null;
      idPago: number | null;
      importe: number;
    }[];
    totales: { personas: number; socios: number };
  };
}

describe("lista de espera", () => {
  it("por defecto al crear con aforo; sin aforo no; el PUT conserva la que tenía si no la envía", async () => {
    const conAforo = await llamar("POST", "/api/actos", {
      nombre: "Con aforo",
      fecha: dentroDe(9),
      aforo: 5,
    });
    expect(conAforo.json()).toMatchObject({ listaEspera: true, numEnEspera: 0 });
    const sinAforo = await llamar("POST", "/api/actos", {
      nombre: "Sin aforo",
      fecha: dentroDe(9),
    });
    expect(sinAforo.json().listaEspera).toBe(false);
    const id = conAforo.json().id as number;
    const sinCampo = await llamar("PUT", `/api/actos/${id}`, {
      nombre: "Con aforo",
      fecha: dentroDe(9),
      aforo: 5,
    });
    expect(sinCampo.json().listaEspera).toBe(true);
    const apagada = await llamar("PUT", `/api/actos/${id}`, {
      nombre: "Con aforo",
      fecha: dentroDe(9),
      aforo: 5,
      listaEspera: false,
    });
    expect(apagada.json().listaEspera).toBe(false);
  });

  it("lleno: en espera sin cargo; al liberarse plaza sube la primera que cabe, con su cargo y avisada; un grupo mayor no bloquea", async () => {
    const idActo = await crearActo({
      aforo: 3,
      sePaga: true,
      precioInvitado: 5,
      precios: [{ idTipoSocio: tipo, precio: 20 }],
    });
    const [a, b, c] = (await socios(3, "Llena")) as [number, number, number];
    const d = await socioConCuenta();
    // D reads in Valencian (issue 38): the notice of the place reaches them in their language.
    await e.db.updateTable("usuario").set({ idioma: "va" }).where("id", "=", d.idUsuario).execute();
    expect((await inscribir(idActo, a, { invitados: 1 })).json().estado).toBe("confirmada");
    const deB = (await inscribir(idActo, b)).json();
    expect(deB).toMatchObject({ estado: "confirmada", puestoEspera: null });
    const deC = await inscribir(idActo, c, { invitados: 2 });
    expect(deC.statusCode).toBe(201);
    expect(deC.json()).toMatchObject({ estado: "en_espera", puestoEspera: 1, idPago: null });
    const deD = await inscribir(idActo, d.idSocio, { menu: "" }, d.token);
    expect(deD.json()).toMatchObject({ estado: "en_espera", puestoEspera: 2, idPago: null });
    // The board's page asks the wait-list apart, a page at a time, in its order (issue 51).
    const espera = await llamar(
      "GET",
      `/api/actos/${idActo}/inscripciones?estado=en_espera&page=2&pageSize=1`,
    );
    expect(espera.json()).toMatchObject({
      total: 2,
      page: 2,
      items: [{ idSocio: d.idSocio, puestoEspera: 2 }],
      totales: { socios: 2, personas: 3 },
    });
    // Twice is the same 409 as ever.
    expect((await inscribir(idActo, c)).statusCode).toBe(409);
    const cargosAntes = await e.db
      .selectFrom("pago")
      .select("id_socio")
      .where("id_socio", "in", [c, d.idSocio])
      .execute();
    expect(cargosAntes).toEqual([]);

    // Mis actos tells the member where they are.
    const mios = await llamar("GET", "/api/actos/mios", undefined, d.token);
    const miActo = mios.json().items.find((x: { id: number }) => x.id === idActo);
    expect(miActo.familia[0]).toMatchObject({ estado: "en_espera", puestoEspera: 2 });
    expect(miActo.numEnEspera).toBe(2);

    // One place frees: C (3 people) does not fit, D (1) behind them does.
    const baja = await llamar("DELETE", `/api/actos/${idActo}/inscripciones/${deB.id}`);
    expect(baja.statusCode).toBe(200);
    const tras = await estadoDe(idActo);
    expect(tras.acto).toMatchObject({ numInscritos: 3, numEnEspera: 1, plazasLibres: 0 });
    const promovida = tras.items.find((i) => i.idSocio === d.idSocio);
    expect(promovida).toMatchObject({ estado: "confirmada", puestoEspera: null, importe: 20 });
    expect(promovida?.idPago).not.toBeNull();
    expect(tras.items.at(-1)).toMatchObject({ idSocio: c, estado: "en_espera", puestoEspera: 1 });
    expect(tras.totales).toMatchObject({ personas: 3, socios: 2 });
    const cargo = await e.db
      .selectFrom("pago")
      .select(["importe", "estado"])
      .where("id", "=", promovida?.idPago as number)
      .executeTakeFirstOrThrow();
    expect(cargo).toEqual({ importe: 2000, estado: "pendiente" });
    const alerta = await e.db
      .selectFrom("alerta")
      .innerJoin("alerta_destinatario", "alerta_destinatario.id_alerta", "alerta.id")
      .select(["alerta.titulo", "alerta.titulo_va", "alerta.por_email"])
      .where("alerta_destinatario.id_usuario", "=", d.idUsuario)
      .executeTakeFirstOrThrow();
    const { nombre } = await e.db
      .selectFrom("acto")
      .select("nombre")
      .where("id", "=", idActo)
      .executeTakeFirstOrThrow();
    expect(alerta).toEqual({
      titulo: `Tienes plaza en ${nombre}`,
      titulo_va: `Tens plaça en ${nombre}`,
      por_email: true,
    });
    const mias = await llamar("GET", "/api/alertas/mias", undefined, d.token);
    expect(mias.json().items[0]).toMatchObject({ titulo: `Tens plaça en ${nombre}` });
    expect(mias.json().items[0].mensaje).toContain("ha eixit de la llista d'espera");
  });

  it("el total de cada página es el de sus filas: con invitados, en espera y bajas (issue 51)", async () => {
    const idActo = await crearActo({ aforo: 4 });
    const [a, b, c, d, f] = (await socios(5, "Total")) as [number, number, number, number, number];
    const ins = async (idSocio: number, extra: object = {}) => {
      const res = await inscribir(idActo, idSocio, extra);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; estado: string };
    };
    // A with a guest and B, C take the four places; D and F wait.
    await ins(a, { invitados: 1 });
    const deB = await ins(b);
    await ins(c);
    expect((await ins(d)).estado).toBe("en_espera");
    const deF = await ins(f);
    expect(deF.estado).toBe("en_espera");
    const ruta = `/api/actos/${idActo}/inscripciones`;
    const comprobar = async () => {
      const entera = await estadoDe(idActo);
      const pagina = async (filtro: string) => {
        const res = await llamar("GET", `${ruta}?${filtro}page=1&pageSize=2`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { total: number };
      };
      expect((await pagina("")).total).toBe(entera.items.length);
      expect((await pagina("estado=confirmada&")).total).toBe(
        entera.items.filter((i) => i.estado === "confirmada").length,
      );
      expect((await pagina("estado=en_espera&")).total).toBe(
        entera.items.filter((i) => i.estado === "en_espera").length,
      );
      expect((await pagina("q=total&")).total).toBe(entera.items.length);
      expect((await pagina("q=total0&")).total).toBe(1);
      return entera.items.length;
    };
    expect(await comprobar()).toBe(5);
    // B leaves (cancelled): D goes up; F leaves the wait-list; A brings no guest.
    expect((await llamar("DELETE", `${ruta}/${deB.id}`)).statusCode).toBe(200);
    expect(await comprobar()).toBe(4);
    expect((await llamar("DELETE", `${ruta}/${deF.id}`)).statusCode).toBe(200);
    expect(await comprobar()).toBe(3);

    // Without a search the total is the event's counters, not a count of its rows: what it says
    // follows `acto` (changed here by hand, and put back).
    await e.db
      .updateTable("acto")
      .set((eb) => ({ en_espera: eb("en_espera", "+", 10) }))
      .where("id", "=", idActo)
      .execute();
    expect((await llamar("GET", `${ruta}?page=1&pageSize=2`)).json().total).toBe(13);
    expect((await llamar("GET", `${ruta}?q=total&page=1&pageSize=2`)).json().total).toBe(3);
    await e.db
      .updateTable("acto")
      .set((eb) => ({ en_espera: eb("en_espera", "-", 10) }))
      .where("id", "=", idActo)
      .execute();
  });

  it("menos invitados o más aforo suben a los siguientes; una en espera cambia y conserva su puesto", async () => {
    const idActo = await crearActo({ aforo: 2, menus: ["Carne", "Pescado"] });
    const [a, b, c, d] = (await socios(4, "Sube")) as [number, number, number, number];
    const carne = { menu: "Carne" };
    const deA = (await inscribir(idActo, a, { ...carne, invitados: 1 })).json();
    const deB = (await inscribir(idActo, b, { ...carne, invitados: 1 })).json();
    const deC = (await inscribir(idActo, c, carne)).json();
    expect([deB.estado, deC.estado]).toEqual(["en_espera", "en_espera"]);
    // A waiting enrolment changes guests and menu and keeps its place.
    const cambio = await llamar("PATCH", `/api/actos/${idActo}/inscripciones/${deB.id}`, {
      invitados: 2,
      menu: "Pescado",
    });
    expect(cambio.json()).toMatchObject({ estado: "en_espera", puestoEspera: 1, invitados: 2 });

    // A drops their guest: one place, B (3) does not fit, C (1) does.
    await llamar("PATCH", `/api/actos/${idActo}/inscripciones/${deA.id}`, { invitados: 0 });
    let ahora = await estadoDe(idActo);
    expect(ahora.items.map((i) => [i.idSocio, i.estado])).toEqual([
      [a, "confirmada"],
      [c, "confirmada"],
      [b, "en_espera"],
    ]);
    const deD = (await inscribir(idActo, d, carne)).json();
    expect(deD).toMatchObject({ estado: "en_espera", puestoEspera: 2 });

    // A higher aforo: B (3) fits with 5, then D does not (nothing left).
    const put = await llamar("PUT", `/api/actos/${idActo}`, {
      nombre: "Sube",
      fecha: dentroDe(30),
      invitadosMax: 3,
      menus: ["Carne", "Pescado"],
      aforo: 5,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ numInscritos: 5, numEnEspera: 1, plazasLibres: 0 });
    ahora = await estadoDe(idActo);
    expect(ahora.items.find((i) => i.idSocio === b)?.estado).toBe("confirmada");
    expect(ahora.items.find((i) => i.idSocio === d)).toMatchObject({ puestoEspera: 1 });

    // Switching the wait-list off keeps those already waiting.
    const apagada = await llamar("PUT", `/api/actos/${idActo}`, {
      nombre: "Sube",
      fecha: dentroDe(30),
      invitadosMax: 3,
      menus: ["Carne", "Pescado"],
      aforo: 5,
      listaEspera: false,
    });
    expect(apagada.json()).toMatchObject({ listaEspera: false, numEnEspera: 1 });
    const [e1] = (await socios(1, "Tarde")) as [number];
    const lleno = await inscribir(idActo, e1, carne);
    expect(lleno.statusCode).toBe(409);
    expect(lleno.json().mensaje).toBe("No quedan plazas");
  });

  it("pasada la fecha máxima nadie sube solo; la junta da plaza a mano, y 409 en español sin sitio", async () => {
    const idActo = await crearActo({ aforo: 1, fechaMaximaInscripcion: dentroDe(10) });
    const [a, b, c] = (await socios(3, "Mano")) as [number, number, number];
    const deA = (await inscribir(idActo, a)).json();
    const deB = (await inscribir(idActo, b)).json();
    const deC = (await inscribir(idActo, c, { invitados: 1 })).json();
    await e.db
      .updateTable("acto")
      .set({ fecha_maxima_inscripcion: dentroDe(-1) })
      .where("id", "=", idActo)
      .execute();
    await llamar("DELETE", `/api/actos/${idActo}/inscripciones/${deA.id}`);
    let ahora = await estadoDe(idActo);
    expect(ahora.acto).toMatchObject({ numInscritos: 0, numEnEspera: 2, plazasLibres: 1 });

    const sinSitio = await llamar("POST", `/api/actos/${idActo}/inscripciones/${deC.id}/promocion`);
    expect(sinSitio.statusCode).toBe(409);
    expect(sinSitio.json().mensaje).toBe(
      "No hay sitio: la inscripción es de 2 personas y queda 1 plaza libre. Sube el aforo o libera plazas antes.",
    );
    const mano = await llamar("POST", `/api/actos/${idActo}/inscripciones/${deB.id}/promocion`);
    expect(mano.statusCode).toBe(200);
    expect(mano.json()).toMatchObject({ estado: "confirmada", puestoEspera: null });
    const otraVez = await llamar("POST", `/api/actos/${idActo}/inscripciones/${deB.id}/promocion`);
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().mensaje).toBe(
      "La inscripción ya tiene plaza: no está en la lista de espera.",
    );
    ahora = await estadoDe(idActo);
    expect(ahora.acto).toMatchObject({ numInscritos: 1, numEnEspera: 1 });
    // The board removes from the list with the same DELETE.
    await llamar("DELETE", `/api/actos/${idActo}/inscripciones/${deC.id}`);
    expect((await estadoDe(idActo)).acto.numEnEspera).toBe(0);
  });

  it("la inscripción automática pasa el resto a la lista de espera", async () => {
    const res = await llamar("POST", "/api/actos", {
      nombre: "Asamblea con lista",
      fecha: dentroDe(12),
      aforo: 2,
      inscripcionAutomatica: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const idActo = res.json().id as number;
    const { count } = await e.db
      .selectFrom("socio")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("activo", "=", true)
      .executeTakeFirstOrThrow();
    const ahora = await estadoDe(idActo);
    expect(ahora.acto.numInscritos).toBe(2);
    expect(ahora.acto.numEnEspera).toBe(Number(count) - 2);
    expect(ahora.items.slice(2).map((i) => i.puestoEspera)).toEqual(
      Array.from({ length: Number(count) - 2 }, (_, i) => i + 1),
    );
    // A member who joins later goes to the end of the list.
    const nuevo = await llamar("POST", "/api/socios", { nombre: "Recién", apellidos: "Llegada" });
    expect(nuevo.statusCode, nuevo.body).toBe(201);
    const despues = await estadoDe(idActo);
    expect(despues.items.at(-1)).toMatchObject({
      idSocio: nuevo.json().id,
      estado: "en_espera",
      puestoEspera: Number(count) - 1,
    });
  });

  it("borrar un socio confirmado sube al siguiente de la lista", async () => {
    const idActo = await crearActo({ aforo: 1 });
    const [a, b] = (await socios(2, "Borrado")) as [number, number];
    await inscribir(idActo, a);
    expect((await inscribir(idActo, b)).json().estado).toBe("en_espera");
    const borrado = await llamar("DELETE", `/api/socios/${a}`);
    expect(borrado.statusCode, borrado.body).toBe(204);
    const ahora = await estadoDe(idActo);
    expect(ahora.acto).toMatchObject({ numInscritos: 1, numEnEspera: 0 });
    expect(ahora.items).toMatchObject([{ idSocio: b, estado: "confirmada" }]);
  });

  it("el informe de inscripciones y las alertas «a los inscritos de un acto» cuentan solo a quien tiene plaza", async () => {
    const fecha = dentroDe(45);
    const idActo = await crearActo({ nombre: "Cena del informe de espera", fecha, aforo: 1 });
    const conPlaza = await socioConCuenta();
    const esperando = await socioConCuenta();
    await inscribir(idActo, conPlaza.idSocio);
    expect((await inscribir(idActo, esperando.idSocio)).json().estado).toBe("en_espera");

    const informe = await llamar(
      "GET",
      `/api/informes/inscripciones?desde=${fecha}&hasta=${fecha}`,
    );
    expect(informe.statusCode, informe.body).toBe(200);
    const fila = informe
      .json()
      .filas.find((f: { acto: string }) => f.acto === "Cena del informe de espera");
    expect(fila).toMatchObject({ socios: 1, plazas: 1, ocupacion: 100 });

    const alerta = await llamar("POST", "/api/alertas", {
      titulo: "Cambio de hora",
      destino: { idActo },
    });
    expect(alerta.statusCode, alerta.body).toBe(201);
    expect(alerta.json().destinatarios).toBe(1);
    const recibida = await e.db
      .selectFrom("alerta_destinatario")
      .select("id_usuario")
      .where("id_alerta", "=", alerta.json().id)
      .execute();
    expect(recibida).toEqual([{ id_usuario: conPlaza.idUsuario }]);
  });
});
