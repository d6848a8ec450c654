// The deadlock of migration 0053, step by step on PostgreSQL, with pg_locks and pgrowlocks at each
// step (tarea rv, bench/README.md). Two transactions each rename a member and then change the same
// member's enrolments (guests) in the same two events; a third holds the first event FOR SHARE so
// that both pass their key checks (FOR KEY SHARE on the events) before either locks an event for
// its counters. With `acto_ocupadas_ajustar()` locking FOR UPDATE (migrations 0010–0048) one of
// them dies with 40P01; with FOR NO KEY UPDATE (0053) one waits for the other and both finish.
//
//   URL=postgres://postgres@127.0.0.1:5432/a_migrated_copy node bench/interbloqueo-acto.mjs
//
// It writes two events, two members and their enrolments, and deletes them at the end. `pgrowlocks`
// is used when the extension exists (`create extension pgrowlocks`).
import pg from "pg";

const url = process.env.URL ?? process.env.DATABASE_URL;
if (!url) throw new Error("URL=postgres://… de una base migrada");
const conectar = async () => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
};
const [s1, s2, s3, mon] = await Promise.all([conectar(), conectar(), conectar(), conectar()]);
for (const s of [s1, s2, s3]) {
  await s.query("set log_lock_waits = on");
  await s.query("set deadlock_timeout = '3s'");
}
const pid = async (s) => (await s.query("select pg_backend_pid() as p")).rows[0].p;
const pids = [await pid(s1), await pid(s2), await pid(s3)];
console.log({ s1: pids[0], s2: pids[1], s3: pids[2] });
const actos = (
  await mon.query(
    "insert into acto (nombre, fecha) values ('M1', '2026-12-20'), ('M2', '2026-12-21') returning id",
  )
).rows.map((r) => r.id);
const socios = (
  await mon.query(
    "insert into socio (nombre, apellidos) values ('A', 'a'), ('B', 'b') returning id",
  )
).rows.map((r) => r.id);
await mon.query(
  "insert into inscripcion (id_acto, id_socio) select x, y from unnest($1::int[]) x, unnest($2::int[]) y",
  [actos, socios],
);
const hayPgrowlocks =
  (await mon.query("select 1 from pg_extension where extname = 'pgrowlocks'")).rowCount > 0;

async function bloqueos(titulo) {
  const { rows } = await mon.query(
    `select pid, locktype, relation::regclass::text as rel, mode, granted, transactionid as xid
     from pg_locks where pid = any($1)
       and (locktype = 'transactionid' or locktype = 'tuple' or relation = 'acto'::regclass)
     order by pid, locktype`,
    [pids],
  );
  console.log(`--- ${titulo}`);
  console.table(rows);
  if (hayPgrowlocks) {
    const filas = await mon.query(
      `select a.id, r.xids, r.modes, r.pids from acto a, pgrowlocks('acto') r
       where a.ctid = r.locked_row and a.id = any($1)`,
      [actos],
    );
    console.table(filas.rows);
  }
}

const espera = (ms) => new Promise((r) => setTimeout(r, ms));
const resultado = (nombre) => [
  () => `${nombre} ok`,
  (e) => `${nombre} ${e.code} ${e.message}\n${e.detail ?? ""}`,
];
const conTope = (p) => Promise.race([p, espera(6000).then(() => "sin respuesta en 6 s")]);

await s3.query("begin");
await s3.query("select 1 from acto where id = $1 for share", [actos[0]]);
for (const [s, id] of [
  [s1, socios[0]],
  [s2, socios[1]],
]) {
  await s.query("begin");
  await s.query("update socio set apellidos = apellidos || '!' where id = $1", [id]);
}
await bloqueos("renombrados; S3 tiene M1 FOR SHARE");
const r1 = s1
  .query("update inscripcion set invitados = invitados + 1 where id_socio = $1", [socios[0]])
  .then(...resultado("S1"));
await espera(300);
const r2 = s2
  .query("update inscripcion set invitados = invitados + 1 where id_socio = $1", [socios[1]])
  .then(...resultado("S2"));
await espera(300);
await bloqueos("S1 y S2 esperan a S3 (sus comprobaciones de clave ya pasaron)");
await s3.query("commit");
await espera(500);
await bloqueos("S3 ha terminado");
const primero = await conTope(Promise.race([r1, r2]));
console.log(primero);
if (primero === "S1 ok") {
  await s1.query("commit");
  console.log(await conTope(r2));
} else if (primero === "S2 ok") {
  await s2.query("commit");
  console.log(await conTope(r1));
} else console.log(await conTope(Promise.all([r1, r2])));
for (const s of [s1, s2]) await s.query("rollback").catch(() => {});
await mon.query("delete from inscripcion where id_acto = any($1)", [actos]);
await mon.query("delete from acto where id = any($1)", [actos]);
await mon.query("delete from socio where id = any($1)", [socios]);
for (const s of [s1, s2, s3, mon]) await s.end();
