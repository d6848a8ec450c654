import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { Trabajos } from "../../plugins/trabajos.js";
import {
  admin,
  crearActo,
  cuenta,
  dia,
  e,
  inscribir,
  llamar,
  prepararActos,
} from "./actos.prueba.js";
import { InscripcionesRepository } from "./inscripciones.repository.js";
import { InscripcionesService } from "./inscripciones.service.js";
import { lanzarPlazos, registrarTrabajosPlazos } from "./plazos.trabajos.js";

/**
 * Races of the dinner (issue 50), meant for PostgreSQL (DATABASE_URL), where every request and
 * job has its own connection: a lapse by three job runners at once while the member pays at the
 * desk (paid wins or lapse wins, never both), and concurrent joins to one table.
 */
prepararActos();

const silencio = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silencio;
  },
  level: "silent",
} as unknown as FastifyBaseLogger;

describe("carreras de la cena", () => {
  it("tres ejecutores de trabajos caducan a la vez que el socio paga: una sola cosa gana", async () => {
    const fp = await e.db
      .insertInto("forma_pago")
      .values({ nombre: `Caja carrera ${Date.now()}` })
      .returning("id")
      .executeTakeFirstOrThrow();
    const acto = await crearActo({ aforo: 40, listaEspera: true, plazoPagoHoras: 1 });
    const RONDAS = 6;
    const inscripciones: { id: number; idPago: number }[] = [];
    for (let i = 0; i < RONDAS; i++) {
      const c = await cuenta("usuario");
      const r = await inscribir(c.token, acto.id, { idSocio: c.idSocio, menu: "Carne" });
      expect(r.statusCode, r.body).toBe(201);
      inscripciones.push(r.json());
    }
    const esperando = await cuenta("usuario");
    // Past every deadline: a clock two hours ahead.
    const despues = new Date(Date.now() + 2 * 3_600_000);
    const ejecutores = ["uno", "dos", "tres"].map((instancia) => {
      const t = new Trabajos(e.db, silencio, { instancia });
      const servicio = new InscripcionesService(new InscripcionesRepository(e.db), undefined, {
        ahora: () => despues,
      });
      registrarTrabajosPlazos(t, servicio);
      return { t, servicio };
    });
    // The desk pays half of them at the same moment as the three runners.
    const pagos = inscripciones
      .filter((_, i) => i % 2 === 0)
      .map((ins) =>
        llamar("POST", `/api/pagos/${ins.idPago}/cobro`, admin.token, {
          fecha: dia(0),
          idFormaPago: fp.id,
        }),
      );
    const trabajos = ejecutores.map(({ t, servicio }) =>
      lanzarPlazos(t, servicio, t.instancia).then(async (id) => {
        if (id !== null) await t.esperar(id);
        return id;
      }),
    );
    const [respuestas] = await Promise.all([Promise.all(pagos), Promise.all(trabajos)]);
    for (const r of respuestas) expect([200, 409]).toContain(r.statusCode);
    let caducadas = 0;
    for (const ins of inscripciones) {
      const pago = await e.db
        .selectFrom("pago")
        .select("estado")
        .where("id", "=", ins.idPago)
        .executeTakeFirstOrThrow();
      const fila = await e.db
        .selectFrom("inscripcion")
        .select("id")
        .where("id", "=", ins.id)
        .executeTakeFirst();
      // Paid and kept, or annulled and gone: never a charge paid for a lost place.
      if (pago.estado === "pagado") expect(fila).toBeDefined();
      else {
        expect(pago.estado).toBe("anulado");
        expect(fila).toBeUndefined();
        caducadas += 1;
      }
      const lapsos = await e.db
        .selectFrom("auditoria")
        .select("id")
        .where("entidad", "=", "inscripcion")
        .where("id_entidad", "=", ins.id)
        .where("accion", "=", "caducar")
        .execute();
      expect(lapsos.length).toBe(pago.estado === "pagado" ? 0 : 1);
    }
    // Those not paid at the desk lapse for sure.
    expect(caducadas).toBeGreaterThanOrEqual(RONDAS / 2);
    for (const { t } of ejecutores) await t.parar();
    // A later enrolment still finds the places freed by the lapses.
    const r = await inscribir(esperando.token, acto.id, {
      idSocio: esperando.idSocio,
      menu: "Carne",
    });
    expect(r.json().estado).toBe("confirmada");
  });

  it("uniones simultáneas a una mesa nunca pasan de sus plazas", async () => {
    const acto = await crearActo({
      aforo: 100,
      plazasPorMesa: 5,
      sePaga: false,
      precios: [],
      invitadosMax: 1,
    });
    const creador = await cuenta("usuario");
    await inscribir(creador.token, acto.id, { idSocio: creador.idSocio, menu: "Carne" });
    const mesa = (await llamar("POST", `/api/actos/${acto.id}/mesas`, creador.token)).json();
    const otros = [];
    for (let i = 0; i < 12; i++) {
      const c = await cuenta("usuario");
      await inscribir(c.token, acto.id, {
        idSocio: c.idSocio,
        menu: "Carne",
        invitados: i % 3 === 0 ? 1 : 0,
        acompanantes: i % 3 === 0 ? [{ nombre: `Invitado ${i}` }] : [],
      });
      otros.push(c);
    }
    const respuestas = await Promise.all(
      otros.map((c) =>
        llamar("POST", `/api/actos/${acto.id}/mesas/union`, c.token, { codigo: mesa.codigo }),
      ),
    );
    for (const r of respuestas) expect([200, 409]).toContain(r.statusCode);
    const plan = (await llamar("GET", `/api/actos/${acto.id}/mesas`, admin.token)).json();
    const ocupadas = plan.mesas[0].ocupadas as number;
    expect(ocupadas).toBeLessThanOrEqual(5);
    expect(ocupadas).toBeGreaterThanOrEqual(4);
    const unidos = respuestas.filter((r) => r.statusCode === 200).length;
    expect(plan.mesas[0].comensales.length).toBe(1 + unidos);
  });
});
