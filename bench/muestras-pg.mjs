// Samples what the backends of one PostgreSQL database are running, to see where a long job (a
// restore) spends its time statement by statement, without pg_stat_statements (which needs
// shared_preload_libraries).
//   node bench/muestras-pg.mjs <databaseUrl> <fichero.jsonl> [ms entre muestras, 500]
//       writes one line per active backend per sample until killed (SIGINT/SIGTERM)
//   node bench/muestras-pg.mjs --resumen <fichero.jsonl>
//       seconds per statement (samples × interval), the most first
//   node bench/muestras-pg.mjs --fases <fichero.jsonl> [pid]
//       the same by a restore's phase and table (only backend `pid` if given)
import fs from "node:fs";
import pg from "pg";

const [, , primero, segundo, tercero] = process.argv;

function clave(consulta) {
  // One line per statement kind and table: literals and long lists out.
  return consulta
    .replace(/\s+/g, " ")
    .replace(/'(?:[^']|'')*'/g, "'…'")
    .replace(/\$\d+/g, "$")
    .slice(0, 140);
}

/** A restore's statement as phase and table: what grows with the rows shows up by table. */
// (pg_stat_activity cuts a query at track_activity_query_size: an INSERT of a wide table may not
// show its FROM, so an INSERT before the emptying is the load and one after it the copying.)
let vaciando = false;
function faseDe(consulta) {
  const c = consulta.replace(/\s+/g, " ").trim();
  const tabla = (re) => re.exec(c)?.[1] ?? "?";
  if (/^DELETE FROM/i.test(c)) vaciando = true;
  if (
    /^INSERT INTO "(?!kysely)/i.test(c) &&
    !/^INSERT INTO "restauracion_(enlaces|hecha|bloqueo)/.test(c)
  )
    return `${vaciando ? "paso a la app" : "carga en la copia"}: ${tabla(/INSERT INTO "?([\w.]+)"?/i)}`;
  if (/^DELETE FROM/i.test(c)) return `vaciado: ${tabla(/DELETE FROM "?([\w.]+)"?/i)}`;
  if (/^UPDATE .* FROM .*restauracion_enlaces/i.test(c))
    return `enlaces: ${tabla(/UPDATE "?([\w.]+)"?/i)}`;
  if (/^to_jsonb|SELECT to_jsonb/.test(c)) return "lectura de la copia (descarga)";
  if (/^SELECT 1 FROM "\w+" h WHERE .*NOT EXISTS/.test(c))
    return `claves ajenas comprobadas: ${tabla(/FROM "?([\w.]+)"?/i)}`;
  if (/^ALTER TABLE .* ADD CONSTRAINT/i.test(c))
    return `claves ajenas rehechas: ${tabla(/ALTER TABLE "?([\w.]+)"?/i)}`;
  return `otra: ${c.slice(0, 60)}`;
}

/** utime + stime of a process (ticks of 10 ms), on this machine; null if it is not readable. */
function ticks(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const campos = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(campos[11]) + Number(campos[12]);
  } catch {
    return null;
  }
}

if (primero === "--resumen" || primero === "--fases") {
  const porFase = primero === "--fases";
  // --fases <fichero> [pid]: only that backend (the restore's), by phase and table.
  const fase = tercero ? Number(tercero) : null;
  const porClave = new Map();
  const cpuPorClave = new Map();
  const cpuPrevio = new Map();
  let intervalo = 500;
  let muestras = 0;
  const tiempos = new Set();
  for (const linea of fs.readFileSync(segundo, "utf8").split("\n")) {
    if (!linea) continue;
    const m = JSON.parse(linea);
    intervalo = m.intervalo;
    tiempos.add(m.t);
    muestras += 1;
    if (fase && m.pid !== fase) continue;
    const k = porFase ? faseDe(m.consulta) : `${m.espera ?? "CPU"} | ${clave(m.consulta)}`;
    porClave.set(k, (porClave.get(k) ?? 0) + 1);
    // The CPU the backend spent since its previous sample goes to what it runs now.
    if (m.cpu != null) {
      const previo = cpuPrevio.get(m.pid);
      if (previo != null) cpuPorClave.set(k, (cpuPorClave.get(k) ?? 0) + (m.cpu - previo) * 10);
      cpuPrevio.set(m.pid, m.cpu);
    }
  }
  const total = [...porClave.values()].reduce((a, b) => a + b, 0);
  console.log(
    `${tiempos.size} muestras (${((tiempos.size * intervalo) / 1000).toFixed(0)} s), ${muestras} procesos activos vistos`,
  );
  for (const [k, n] of [...porClave].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    const cpu = cpuPorClave.get(k);
    console.log(
      `${((n * intervalo) / 1000).toFixed(1).padStart(8)} s ${((100 * n) / total).toFixed(1).padStart(5)} %  ${cpu == null ? "" : `CPU ${(cpu / 1000).toFixed(1)} s  `}${k}`,
    );
  }
} else {
  const intervalo = Number(tercero ?? 500);
  const cliente = new pg.Client({ connectionString: primero });
  await cliente.connect();
  const salida = fs.createWriteStream(segundo);
  let seguir = true;
  const parar = () => {
    seguir = false;
  };
  process.on("SIGINT", parar);
  process.on("SIGTERM", parar);
  while (seguir) {
    const t = Date.now();
    const { rows } = await cliente.query(
      `SELECT pid, wait_event_type || ':' || wait_event AS espera, left(query, 1024) AS consulta,
              extract(epoch FROM now() - query_start)::float AS s
       FROM pg_stat_activity
       WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
    );
    for (const r of rows)
      salida.write(`${JSON.stringify({ t, intervalo, cpu: ticks(r.pid), ...r })}\n`);
    await new Promise((ok) => setTimeout(ok, Math.max(0, intervalo - (Date.now() - t))));
  }
  await cliente.end();
  salida.end();
}
