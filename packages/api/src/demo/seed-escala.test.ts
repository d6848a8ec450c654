// The demo at a size (issue 51): its counts, and that the generated history keeps the domain's
// rules. A small size (420 members × 3 years) on PGlite.
import { hoyIso } from "@fila/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BaseDeDatos, Database } from "../db/database.js";
import { crearBaseDePruebas } from "../test/base-de-pruebas.js";
import { CUENTAS_DEMO, cargarDemo } from "./seed-demo.js";
import { tamanyoDemo } from "./tamanyo.js";

let bd: BaseDeDatos;
let db: Database;
const SOCIOS = 420;
const ANYOS = 3;
const anyo = Number(hoyIso().slice(0, 4));

beforeAll(async () => {
  bd = await crearBaseDePruebas();
  db = bd.db;
  await cargarDemo(db, undefined, { socios: SOCIOS, anyos: ANYOS });
}, 120_000);

afterAll(async () => {
  await bd?.cerrar();
});

const uno = async <T>(consulta: ReturnType<typeof sql<T>>) => (await consulta.execute(db)).rows[0];
const numero = async (texto: string) =>
  Number((await uno(sql<{ n: number }>`${sql.raw(texto)}`))?.n ?? Number.NaN);

describe("tamanyoDemo", () => {
  it("300 × 1 sin variables, y lo que digan DEMO_SOCIOS y DEMO_ANYOS", () => {
    expect(tamanyoDemo({})).toEqual({ socios: 300, anyos: 1 });
    expect(tamanyoDemo({ DEMO_SOCIOS: "1200", DEMO_ANYOS: "10" })).toEqual({
      socios: 1200,
      anyos: 10,
    });
    expect(tamanyoDemo({ DEMO_SOCIOS: "nada", DEMO_ANYOS: "0" })).toEqual({
      socios: 300,
      anyos: 1,
    });
    expect(tamanyoDemo({ DEMO_SOCIOS: "50" })).toEqual({ socios: 300, anyos: 1 });
  });
});

describe("cargarDemo con tamaño", () => {
  it("tiene los socios pedidos, las cuentas de la demo y familias que pagan por los suyos", async () => {
    expect(await numero("select count(*)::integer as n from socio")).toBe(SOCIOS);
    for (const email of Object.values(CUENTAS_DEMO))
      expect(
        await numero(`select count(*)::integer as n from usuario where email = '${email}'`),
      ).toBe(1);
    expect(
      await numero("select count(*)::integer as n from socio where id_pagador is not null"),
    ).toBeGreaterThan(60);
    // Whoever pays for others pays for themself; partners point at each other.
    expect(
      await numero(`select count(*)::integer as n from socio s join socio p on p.id = s.id_pagador
        where p.id_pagador is not null`),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from socio s join socio p on p.id = s.id_pareja
        where p.id_pareja is distinct from s.id`),
    ).toBe(0);
    // Members joined and left over the years: a leaver left after joining, and is inactive.
    expect(
      await numero(`select count(*)::integer as n from socio where fecha_baja is not null
        and extract(year from fecha_baja) between ${anyo - ANYOS + 1} and ${anyo - 1}`),
    ).toBeGreaterThan(0);
    expect(
      await numero(`select count(*)::integer as n from socio
        where (fecha_baja is not null) = activo or fecha_baja < fecha_alta or fecha_alta > current_date`),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from (select nif from socio where nif is not null
        group by nif having count(*) > 1) x`),
    ).toBe(0);
  });

  it("emite cada año pasado la cuota de sus socios activos, en plazos que suman el precio", async () => {
    for (let y = anyo - ANYOS + 1; y < anyo; y++) {
      const activos = await numero(`select count(*)::integer as n from socio s
        where extract(year from s.fecha_alta) <= ${y}
          and (s.fecha_baja is null or extract(year from s.fecha_baja) >= ${y})`);
      expect(
        await numero(`select count(distinct id_socio)::integer as n from pago
          where anyo = ${y} and clave_emision like 'cuota:%'`),
      ).toBe(activos);
    }
    // Each member's instalments of a year add up to the price of their type.
    expect(
      await numero(`select count(*)::integer as n from (
        select p.id_socio, p.id_producto, sum(p.importe) as suma, max(pp.precio) as precio,
          count(*) as n, max(p.plazos) as plazos
        from pago p join socio s on s.id = p.id_socio
        join producto_precio pp on pp.id_producto = p.id_producto and pp.id_tipo_socio = s.id_tipo_socio
        where p.anyo < ${anyo} and p.clave_emision like 'cuota:%'
        group by p.id_socio, p.id_producto) x where suma <> precio or n <> plazos`),
    ).toBe(0);
    // Most paid, some returned, cancelled or owed; each state with its dates.
    const estados = await sql<{ estado: string; n: number }>`
      select estado, count(*)::integer as n from pago where anyo < ${anyo} group by estado`.execute(
      db,
    );
    const por = Object.fromEntries(estados.rows.map((f) => [f.estado, f.n]));
    const total = Object.values(por).reduce((a, b) => a + b, 0);
    expect(por.pagado / total).toBeGreaterThan(0.9);
    expect(por.devuelto).toBeGreaterThan(0);
    expect(por.anulado).toBeGreaterThan(0);
    expect(
      await numero(`select count(*)::integer as n from pago where anyo < ${anyo} and (
        (estado = 'pagado') <> (fecha_pago is not null)
        or (estado = 'devuelto') <> (fecha_devolucion is not null) or importe <= 0)`),
    ).toBe(0);
  });

  it("cobra por remesa lo domiciliado: cada adeudo suma sus cargos y cada remesa sus adeudos", async () => {
    expect(
      await numero(`select count(*)::integer as n from remesa where mensaje_id like 'ESCALA-%'`),
    ).toBe((ANYOS - 1) * 4);
    expect(
      await numero(`select count(*)::integer as n from remesa_adeudo a
        where a.importe <> (select sum(p.importe) from pago p where p.id_adeudo = a.id)`),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from remesa r where r.total <>
        (select coalesce(sum(importe), 0) from remesa_adeudo a where a.id_remesa = r.id)
        or r.num_adeudos <> (select count(*) from remesa_adeudo a where a.id_remesa = r.id)`),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from remesa_adeudo where secuencia = 'FRST'
        group by id_pagador having count(*) > 1`),
    ).toBeNaN();
  });

  it("tiene actos con inscritos y asistencia, sin sobreventa, y los de pago con su cargo", async () => {
    expect(
      await numero(`select count(*)::integer as n from acto
        where fecha < make_date(${anyo}, 1, 1)`),
    ).toBeGreaterThanOrEqual((ANYOS - 1) * 20);
    expect(
      await numero(`select count(*)::integer as n from inscripcion i join acto a on a.id = i.id_acto
        where a.fecha < make_date(${anyo}, 1, 1) and i.asistio`),
    ).toBeGreaterThan(0);
    // The counter is the enrolments plus guests, and no event holds more than its capacity.
    expect(
      await numero(`select count(*)::integer as n from acto a where a.ocupadas <>
        (select coalesce(sum(1 + invitados), 0) from inscripcion i
         where i.id_acto = a.id and i.estado = 'confirmada')
        or (a.aforo is not null and a.ocupadas > a.aforo)`),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from inscripcion i join acto a on a.id = i.id_acto
        where a.se_paga and i.importe > 0 and a.fecha < make_date(${anyo}, 1, 1)
          and (i.id_pago is null or i.importe <> (select importe from pago where id = i.id_pago))`),
    ).toBe(0);
    // Nobody enrolled in an event of a year they were not a member in.
    expect(
      await numero(`select count(*)::integer as n from inscripcion i join acto a on a.id = i.id_acto
        join socio s on s.id = i.id_socio where a.fecha < make_date(${anyo}, 1, 1)
          and (s.fecha_alta > make_date(extract(year from a.fecha)::integer, 12, 31)
            or s.fecha_baja < a.fecha)`),
    ).toBe(0);
  });

  it("tiene noticias, alertas con destinatarios, auditoría, loterías y tesorería de cada año", async () => {
    for (const [tabla, minimo] of [
      ["noticia", (ANYOS - 1) * 40],
      ["alerta", (ANYOS - 1) * 12],
      ["alerta_destinatario", 100],
      ["auditoria", (ANYOS - 1) * 300 * 6],
      ["loteria_talonario", ANYOS - 1],
      ["tesoreria_movimiento", (ANYOS - 1) * 12 * 5],
    ] as const)
      expect(await numero(`select count(*)::integer as n from ${tabla}`)).toBeGreaterThanOrEqual(
        minimo,
      );
    // A settled book: its sold participations, its amounts and its paid charge agree.
    expect(
      await numero(`select count(*)::integer as n from loteria_talonario t
        where t.liquidado_en is not null and t.id_pago is not null and (
          t.vendidas <> (select count(*) from loteria_participacion p
            where p.id_talonario = t.id and p.estado = 'valida')
          or (select importe from pago where id = t.id_pago) <> t.importe_jugado + t.donativo)`),
    ).toBe(0);
    // Every movement's lines add up to it.
    expect(
      await numero(`select count(*)::integer as n from tesoreria_movimiento m
        where m.importe <> (select sum(importe) from tesoreria_linea l where l.id_movimiento = m.id)`),
    ).toBe(0);
  });
});
