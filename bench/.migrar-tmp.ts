import { abrirBaseDeDatos } from "../packages/api/src/db/database.js";
import { migrar } from "../packages/api/src/db/migrar.js";
const bd = await abrirBaseDeDatos({ tipo: "postgres", url: process.argv[2] as string });
const t0 = performance.now();
await migrar(bd.db);
console.log(process.argv[2], ((performance.now() - t0) / 1000).toFixed(1), "s");
await bd.cerrar();
