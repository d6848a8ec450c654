// `npm run dev`: the API with reload (tsx watch) and the Vite dev server with HMR, side by side.
import { spawn } from "node:child_process";

const hijos = [
  spawn("npm", ["run", "dev", "-w", "@fila/api", "--", ...process.argv.slice(2)], {
    stdio: "inherit",
  }),
  spawn("npm", ["run", "dev", "-w", "@fila/web"], { stdio: "inherit" }),
];
const parar = () => {
  for (const h of hijos) h.kill("SIGTERM");
};
process.on("SIGINT", parar);
process.on("SIGTERM", parar);
for (const h of hijos)
  h.on("exit", (code) => {
    parar();
    process.exitCode = code ?? 0;
  });
