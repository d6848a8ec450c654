// Not a measurement with a target (not in `npm run bench`): what the statement triggers on `pago`
// cost the writes of many charges at once (issue 51, migrations 0051 and 0052), on databases
// already seeded and migrated, alternating between them round by round so both see the same load.
// Each round, in a transaction rolled back at the end: the emission of one charge to every
// member (one INSERT … SELECT, as `POST /api/pagos/emision` writes them), the collection of a
// remittance of all of them (one UPDATE to `pagado`, as `POST /api/remesas/:id/cobro`), the
// return of one in twenty (UPDATE to `devuelto`) and a delete of the returned ones. For each
// statement: the clock and the CPU of the PostgreSQL backend that ran it (from /proc, so the
// machine's load weighs less), median of the rounds.
// Run: DEUDA_BASES="antes=postgres://…/a,despues=postgres://…/b" DEUDA_RONDAS=5 \
//   npx tsx bench/deuda-escritura.ts
import { readFileSync } from "node:fs";
import pg from "pg";

const bases = (process.env.DEUDA_BASES ?? "")
  .split(",")
  .filter(Boolean)
  .map((b) => {
    const i = b.indexOf("=");
    return { nombre: b.slice(0, i), url: b.slice(i + 1) };
  });
if (bases.length === 0) throw new Error('DEUDA_BASES="antes=postgres://…,despues=postgres://…"');
const RONDAS = Number(process.env.DEUDA_RONDAS ?? 5);
const HZ = 100; // USER_HZ: the clock ticks of /proc/<pid>/stat

/** CPU ms (user + system) of a process, from /proc. */
function cpuMs(pid: number): number {
  const campos = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(campos[11]) + Number(campos[12])) * 1000) / HZ;
}

const PASOS: { nombre: string; sql: string }[] = [
  {
    nombre: "emitir un cargo a cada socio",
    sql: `insert into pago (id_socio, id_pagador, anyo, concepto, importe, fecha_emision, fecha_vencimiento)
      select id, coalesce(id_pagador, id), 2099, 'Cargo de la medición', 1234, '2099-01-01', '2099-01-31'
      from socio`,
  },
  {
    nombre: "cobrarlos todos (remesa)",
    sql: `update pago set estado = 'pagado', fecha_pago = '2099-02-01'
      where anyo = 2099 and concepto = 'Cargo de la medición'`,
  },
  {
    nombre: "devolver uno de cada veinte",
    sql: `update pago set estado = 'devuelto', fecha_devolucion = '2099-02-10'
      where anyo = 2099 and concepto = 'Cargo de la medición' and id % 20 = 0`,
  },
  {
    nombre: "borrar los devueltos",
    sql: `delete from pago where anyo = 2099 and concepto = 'Cargo de la medición' and estado = 'devuelto'`,
  },
];

const clientes = await Promise.all(
  bases.map(async (b) => {
    const c = new pg.Client({ connectionString: b.url });
    await c.connect();
    const { rows } = await c.query<{ pid: number }>("select pg_backend_pid() as pid");
    return { ...b, c, pid: rows[0]?.pid as number };
  }),
);

const tiempos = new Map<string, { reloj: number[]; cpu: number[] }>();
for (let ronda = 0; ronda < RONDAS; ronda++) {
  for (const b of ronda % 2 === 0 ? clientes : [...clientes].reverse()) {
    await b.c.query("begin");
    for (const paso of PASOS) {
      const cpu0 = cpuMs(b.pid);
      const t0 = performance.now();
      const res = await b.c.query(paso.sql);
      const reloj = performance.now() - t0;
      const cpu = cpuMs(b.pid) - cpu0;
      const clave = `${b.nombre}\t${paso.nombre}`;
      const t = tiempos.get(clave) ?? { reloj: [], cpu: [] };
      t.reloj.push(reloj);
      t.cpu.push(cpu);
      tiempos.set(clave, t);
      if (ronda === 0) console.log(`${b.nombre}: ${paso.nombre}: ${res.rowCount} filas`);
    }
    await b.c.query("rollback");
  }
}
const mediana = (xs: number[]) => {
  const o = [...xs].sort((a, b) => a - b);
  return o[Math.floor(o.length / 2)] ?? 0;
};
console.log(`\nmediana de ${RONDAS} rondas alternas (ms): base, paso, reloj, CPU del backend`);
for (const [clave, t] of tiempos)
  console.log(`${clave}\t${mediana(t.reloj).toFixed(0)}\t${mediana(t.cpu).toFixed(0)}`);
for (const b of clientes) await b.c.end();
