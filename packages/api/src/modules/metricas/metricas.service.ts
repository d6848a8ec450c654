import { createHash, timingSafeEqual } from "node:crypto";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../../db/database.js";
import { estadoDelPool } from "../../db/database.js";
import { MetricasRepository } from "./metricas.repository.js";

const resumen = (texto: string) => createHash("sha256").update(texto).digest();

/**
 * What Prometheus scrapes at GET /api/metricas: Node's process metrics (memory, event-loop lag,
 * GC), the duration of every request by route pattern, the PostgreSQL pool, the push queue and
 * the failed mails. One registry per app, so that several apps in one process (tests) never mix.
 */
export class MetricasService {
  readonly registro = new Registry();
  private readonly duracion: Histogram<"route" | "method" | "status">;
  private readonly resumenToken: Buffer;

  constructor(db: Database, token: string) {
    this.resumenToken = resumen(token);
    collectDefaultMetrics({ register: this.registro });
    this.duracion = new Histogram({
      name: "http_request_duration_seconds",
      help: "Duración de las peticiones HTTP, por patrón de ruta, método y estado",
      labelNames: ["route", "method", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registro],
    });
    const repo = new MetricasRepository(db);
    const pool = (campo: "total" | "enUso" | "esperando") => () => estadoDelPool(db)?.[campo] ?? 0;
    for (const [nombre, help, leer] of [
      [
        "fila_db_pool_conexiones",
        "Conexiones abiertas a PostgreSQL en esta instancia",
        pool("total"),
      ],
      ["fila_db_pool_en_uso", "Conexiones a PostgreSQL ocupadas por una consulta", pool("enUso")],
      [
        "fila_db_pool_esperando",
        "Peticiones que esperan una conexión libre a PostgreSQL",
        pool("esperando"),
      ],
      [
        "fila_push_cola",
        "Notificaciones push pendientes de entregar",
        () => repo.contar("push_envio", "pendiente"),
      ],
      [
        "fila_correos_fallidos",
        "Correos que el servidor SMTP no ha aceptado",
        () => repo.contar("correo_saliente", "error"),
      ],
    ] as const) {
      new Gauge({
        name: nombre,
        help,
        registers: [this.registro],
        async collect() {
          this.set(await leer());
        },
      });
    }
  }

  /** Bearer METRICS_TOKEN, compared in constant time. */
  autorizado(cabecera: string | undefined): boolean {
    const [esquema, token] = (cabecera ?? "").split(" ");
    if (esquema?.toLowerCase() !== "bearer" || !token) return false;
    return timingSafeEqual(resumen(token.trim()), this.resumenToken);
  }

  /** `route` is the route's pattern (`/api/socios/:id`), never the URL with its ids and query. */
  observar(route: string | undefined, method: string, status: number, segundos: number): void {
    this.duracion.observe(
      { route: route ?? "(sin ruta)", method, status: String(status) },
      segundos,
    );
  }

  texto(): Promise<string> {
    return this.registro.metrics();
  }
}
