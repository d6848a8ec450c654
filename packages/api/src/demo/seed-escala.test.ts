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

  it("forma escuadras cada año pasado: un festero en una sola, cada una con su cabo de ella", async () => {
    const pasados = `anyo between ${anyo - ANYOS + 1} and ${anyo - 1}`;
    expect(
      await numero(`select count(distinct anyo)::integer as n from grupo
        where clase = 'escuadra' and ${pasados}`),
    ).toBe(ANYOS - 1);
    // Every festero active that year (Fester or Juvenil, 14 or older) is in exactly one.
    expect(
      await numero(`select count(*)::integer as n from generate_series(${anyo - ANYOS + 1}, ${anyo - 1}) y
        join socio s on extract(year from s.fecha_alta) <= y
          and (s.fecha_baja is null or extract(year from s.fecha_baja) >= y)
          and s.fecha_nacimiento <= make_date(y - 14, 12, 31)
        join tipo_socio ts on ts.id = s.id_tipo_socio and ts.nombre in ('Fester', 'Juvenil')
        where (select count(*) from grupo_miembro m where m.id_socio = s.id and m.clase = 'escuadra'
          and m.anyo = y) <> 1`),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from grupo_miembro m
        where m.clase = 'escuadra' and m.${pasados}`),
    ).toBeGreaterThan(100);
    // One cabo per escuadra, a member of it, as the cargo «cabo» of that year.
    expect(
      await numero(`select count(*)::integer as n from grupo g where g.clase = 'escuadra'
        and g.${pasados} and (select count(*) from socio_cargo c where c.id_grupo = g.id) <> 1`),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from socio_cargo c
        join grupo g on g.id = c.id_grupo and g.${pasados}
        where c.id_cargo <> (select id from cargo where codigo = 'cabo')
          or c.desde <> make_date(g.anyo, 1, 1) or c.hasta <> make_date(g.anyo, 12, 31)
          or not exists (select 1 from grupo_miembro m where m.id_grupo = g.id and m.id_socio = c.id_socio)`),
    ).toBe(0);
    // Each escuadra has its place in the entrada of its year.
    expect(
      await numero(`select count(*)::integer as n from grupo g where g.clase = 'escuadra' and g.${pasados}
        and not exists (select 1 from grupo_desfile d where d.id_grupo = g.id and d.desfile = 'entrada')`),
    ).toBe(0);
  });

  it("da a la junta cargos por mandatos sin solapes, de socios que lo eran", async () => {
    const junta = (t: string) => `${t}.id_grupo is null and ${t}.id_cargo in (select id from cargo
      where codigo in ('presidente', 'vicepresidente', 'secretario', 'tesorero', 'vocal'))`;
    expect(
      await numero(
        `select count(*)::integer as n from socio_cargo c where ${junta("c")} and c.hasta is not null`,
      ),
    ).toBeGreaterThan(0);
    // Never two holders of one cargo on the same day (the demo's current junta included).
    expect(
      await numero(`select count(*)::integer as n from socio_cargo a join socio_cargo b
        on a.id_cargo = b.id_cargo and a.id < b.id
          and a.desde <= coalesce(b.hasta, 'infinity') and b.desde <= coalesce(a.hasta, 'infinity')
        where ${junta("a")} and ${junta("b")}`),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from socio_cargo c join socio s on s.id = c.id_socio
        where ${junta("c")} and c.hasta is not null
          and (s.fecha_alta > c.desde or s.fecha_baja <= c.hasta)`),
    ).toBe(0);
  });

  it("guarda los periodos de cada socio: sin solapes, de su alta a su baja, con idas y vueltas", async () => {
    // Every generated member has periods (the demo's 300 have what their seeds left); none
    // overlap; one open for the active, none for who left.
    expect(
      await numero(`select count(*)::integer as n from socio s where s.matricula > 300
        and not exists (select 1 from socio_periodo p where p.id_socio = s.id)`),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from socio_periodo a join socio_periodo b
        on a.id_socio = b.id_socio and a.id < b.id
          and a.desde <= coalesce(b.hasta, 'infinity') and b.desde <= coalesce(a.hasta, 'infinity')`),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from socio s where s.matricula > 300 and s.activo <> exists
        (select 1 from socio_periodo p where p.id_socio = s.id and p.hasta is null)`),
    ).toBe(0);
    // The generated members: the first period begins on joining, the last ends on leaving.
    expect(
      await numero(`select count(*)::integer as n from socio s where s.matricula > 300 and (
        s.fecha_alta <> (select min(desde) from socio_periodo p where p.id_socio = s.id)
        or (not s.activo and s.fecha_baja <> (select max(hasta) from socio_periodo p where p.id_socio = s.id)))`),
    ).toBe(0);
    // Some left and came back (before the history: every generated year sees them active).
    expect(
      await numero(`select count(*)::integer as n from (select id_socio from socio_periodo
        group by id_socio having count(*) > 1) x`),
    ).toBeGreaterThan(0);
    expect(
      await numero(`select count(*)::integer as n from socio_periodo a join socio_periodo b
        on a.id_socio = b.id_socio and a.hasta is not null and b.desde > a.hasta
        join socio s on s.id = a.id_socio and s.matricula > 300
        where b.desde >= make_date(${anyo - ANYOS + 1}, 1, 1)`),
    ).toBe(0);
  });

  it("celebra una asamblea general cada año pasado con censo, delegaciones, votos y acta", async () => {
    const deEscala = `x.primera_convocatoria < make_date(${anyo}, 1, 1)`;
    expect(await numero(`select count(*)::integer as n from asamblea x where ${deEscala}`)).toBe(
      ANYOS - 1,
    );
    // Called with rules frozen and a census; present and delegating members are in it.
    expect(
      await numero(`select count(*)::integer as n from asamblea x where ${deEscala}
        and (x.convocada_en is null or x.reglas is null or x.iniciada_en is null
          or not exists (select 1 from asamblea_censo c where c.id_asamblea = x.id and c.incluido)
          or not exists (select 1 from asamblea_censo c where c.id_asamblea = x.id and not c.incluido)
          or not exists (select 1 from asamblea_delegacion d where d.id_asamblea = x.id))`),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from asamblea_asistente p
        where not exists (select 1 from asamblea_censo c where c.id_asamblea = p.id_asamblea
          and c.id_socio = p.id_socio and c.incluido)`),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from asamblea_censo c join socio s on s.id = c.id_socio
        join asamblea x on x.id = c.id_asamblea
        where c.incluido and (s.fecha_nacimiento is null or c.motivo <> ''
          or s.fecha_nacimiento > (x.convocada_en at time zone 'Europe/Madrid')::date - interval '18 years')`),
    ).toBe(0);
    // Delegations: both in the census, the delegate present and the delegator not, no chains,
    // at most one per delegate (the default rules).
    expect(
      await numero(`select count(*)::integer as n from asamblea_delegacion d
        where not exists (select 1 from asamblea_censo c where c.id_asamblea = d.id_asamblea
            and c.id_socio = d.id_delegante and c.incluido)
          or not exists (select 1 from asamblea_asistente p where p.id_asamblea = d.id_asamblea
            and p.id_socio = d.id_delegado)
          or exists (select 1 from asamblea_asistente p where p.id_asamblea = d.id_asamblea
            and p.id_socio = d.id_delegante)
          or exists (select 1 from asamblea_delegacion e where e.id_asamblea = d.id_asamblea
            and e.id_delegante = d.id_delegado)`),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from (select 1 from asamblea_delegacion
        where revocada_en is null group by id_asamblea, id_delegado having count(*) > 1) x`),
    ).toBe(0);
    // Closed secret and public points whose counts are their voters; public votes by name.
    expect(
      await numero(`select count(distinct pt.modo)::integer as n from asamblea_punto pt
        join asamblea x on x.id = pt.id_asamblea and ${deEscala} where pt.estado = 'cerrada'`),
    ).toBe(2);
    expect(
      await numero(`select count(*)::integer as n from asamblea_punto pt
        join asamblea x on x.id = pt.id_asamblea and ${deEscala}
        left join asamblea_recuento r on r.id_punto = pt.id
        where pt.modo is not null and (pt.estado <> 'cerrada' or r.id_punto is null
          or r.si + r.no + r.abstencion <> (select count(*) from asamblea_votante v where v.id_punto = pt.id)
          or r.si + r.no + r.abstencion = 0)`),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from asamblea_punto pt
        join asamblea_recuento r on r.id_punto = pt.id
        where pt.modo = 'publica' and (
          r.si <> (select count(*) from asamblea_voto_publico v where v.id_punto = pt.id and v.opcion = 'si')
          or r.no <> (select count(*) from asamblea_voto_publico v where v.id_punto = pt.id and v.opcion = 'no')
          or r.abstencion <> (select count(*) from asamblea_voto_publico v where v.id_punto = pt.id and v.opcion = 'abstencion'))`),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from asamblea_voto_publico v
        join asamblea_punto pt on pt.id = v.id_punto where pt.modo <> 'publica'`),
    ).toBe(0);
    // Whoever voted was present or delegated to someone present who cast it.
    expect(
      await numero(`select count(*)::integer as n from asamblea_votante v
        join asamblea_punto pt on pt.id = v.id_punto
        where not exists (select 1 from asamblea_asistente p where p.id_asamblea = pt.id_asamblea
            and p.id_socio = v.id_socio)
          and not exists (select 1 from asamblea_delegacion d where d.id_asamblea = pt.id_asamblea
            and d.id_delegante = v.id_socio and d.revocada_en is null)`),
    ).toBe(0);
    // The minutes, approved at the next year's assembly, with the hash of their content.
    expect(
      await numero(`select count(*)::integer as n from asamblea_acta a join asamblea x
        on x.id = a.id_asamblea and ${deEscala} and extract(year from x.primera_convocatoria) < ${anyo - 1}
        where a.aprobada_en is null
          or a.hash <> encode(sha256(convert_to(a.contenido, 'UTF8')), 'hex')`),
    ).toBe(0);
  });

  it("sienta a los inscritos de las cenas pasadas en mesas que nunca pasan de sus plazas", async () => {
    const cenas = `a.se_paga and a.fecha < make_date(${anyo}, 1, 1)`;
    expect(
      await numero(
        `select count(*)::integer as n from acto a where ${cenas} and a.plazas_por_mesa is null`,
      ),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from inscripcion i join acto a on a.id = i.id_acto
        where ${cenas} and i.id_mesa is null`),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from mesa m join acto a on a.id = m.id_acto
        where ${cenas}`),
    ).toBeGreaterThan((ANYOS - 1) * 5);
    // Tables of their event, never over their seats, none empty, codes of the alphabet.
    expect(
      await numero(`select count(*)::integer as n from mesa m join acto a on a.id = m.id_acto
        where ${cenas} and (m.codigo !~ '^[A-HJKMNP-Z2-9]{6}$'
          or coalesce((select sum(1 + i.invitados) from inscripcion i where i.id_mesa = m.id), 0)
            not between 1 and a.plazas_por_mesa)`),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from inscripcion i join mesa m on m.id = i.id_mesa
        where m.id_acto <> i.id_acto`),
    ).toBe(0);
    expect(
      await numero(`select count(*)::integer as n from inscripcion i join acto a on a.id = i.id_acto
        where ${cenas} and jsonb_array_length(i.dietas) > 0`),
    ).toBeGreaterThan(0);
  });
});
